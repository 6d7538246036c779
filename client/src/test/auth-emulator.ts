/**
 * Points the real Firebase SDK at the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, started by
 * `npm test`). lib/env.ts reads these variables when lib/firebase.ts first loads, so a test file
 * imports this module before it loads anything of the app (the app's modules are imported dynamically
 * after it).
 */
import { vi } from 'vitest';

export const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';
vi.stubEnv('VITE_USE_AUTH_EMULATOR', 'true');
vi.stubEnv('VITE_AUTH_EMULATOR_URL', `http://${emulatorHost}`);
