import { describe, expect, it } from 'vitest';
import { wantsAuthEmulator } from './env';

describe('wantsAuthEmulator', () => {
  it('a production build never uses the Auth emulator unless VITE_USE_AUTH_EMULATOR=true', () => {
    expect(wantsAuthEmulator(undefined, true)).toBe(false);
    expect(wantsAuthEmulator('', true)).toBe(false);
    expect(wantsAuthEmulator('1', true)).toBe(false);
    expect(wantsAuthEmulator('false', true)).toBe(false);
    expect(wantsAuthEmulator('true', true)).toBe(true);
  });

  it('a dev server uses it unless VITE_USE_AUTH_EMULATOR=false', () => {
    expect(wantsAuthEmulator(undefined, false)).toBe(true);
    expect(wantsAuthEmulator('true', false)).toBe(true);
    expect(wantsAuthEmulator('false', false)).toBe(false);
  });
});
