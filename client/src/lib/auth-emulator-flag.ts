/**
 * Whether sign-in goes through the Firebase Auth emulator, which signs nothing. A production build
 * does so only when told explicitly (VITE_USE_AUTH_EMULATOR=true: local runs and browser tests);
 * a dev server does unless told not to.
 */
export function wantsAuthEmulator(flag: string | undefined, production: boolean): boolean {
  return production ? flag === 'true' : flag !== 'false';
}
