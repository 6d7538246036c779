import { wantsAuthEmulator } from './auth-emulator-flag';

export { wantsAuthEmulator };

/** Client configuration from Vite env (VITE_*), with defaults that run against the local emulator + API. */
export const env = {
  apiUrl: (import.meta.env.VITE_API_URL || 'http://localhost:5000').replace(/\/$/, ''),
  firebase: {
    apiKey: import.meta.env.VITE_FIREBASE_API_KEY || 'demo-api-key',
    authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN || 'demo-newsroom.firebaseapp.com',
    projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID || 'demo-newsroom',
  },
  useAuthEmulator: wantsAuthEmulator(import.meta.env.VITE_USE_AUTH_EMULATOR, import.meta.env.PROD),
  authEmulatorUrl: import.meta.env.VITE_AUTH_EMULATOR_URL || 'http://127.0.0.1:9099',
  stripePublishableKey: import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY || '',
} as const;
