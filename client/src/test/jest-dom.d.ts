// jest-dom's own `vitest` augmentation resolves `vitest` from the workspace root, where it is not installed;
// re-declare it here so it augments the client's vitest.
import 'vitest';
import type { TestingLibraryMatchers } from '@testing-library/jest-dom/matchers';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- same signature as jest-dom's declaration
  interface Assertion<T = any> extends TestingLibraryMatchers<any, T> {}
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- idem
  interface AsymmetricMatchersContaining extends TestingLibraryMatchers<any, any> {}
}
