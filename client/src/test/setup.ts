import * as matchers from '@testing-library/jest-dom/matchers';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';

// jest-dom's `vitest` entry imports `vitest` from the workspace root, where it is not installed; extend directly.
expect.extend(matchers);

// findBy* and waitFor wait up to 5 s instead of 1 s: `npm test` runs these beside the browser tests,
// and on two busy cores a screen that appears in 200 ms alone can take over a second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
