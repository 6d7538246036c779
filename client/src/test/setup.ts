import * as matchers from '@testing-library/jest-dom/matchers';
import { cleanup } from '@testing-library/react';
import { afterEach, expect } from 'vitest';

// jest-dom's `vitest` entry imports `vitest` from the workspace root, where it is not installed; extend directly.
expect.extend(matchers);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
