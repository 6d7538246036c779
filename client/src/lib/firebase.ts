import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, GoogleAuthProvider } from 'firebase/auth';
import { env } from './env';

export const firebaseApp = initializeApp(env.firebase);
export const auth = getAuth(firebaseApp);
export const googleProvider = new GoogleAuthProvider();

if (env.useAuthEmulator) {
  // Offline development and tests: the Firebase Auth emulator (project demo-newsroom).
  connectAuthEmulator(auth, env.authEmulatorUrl, { disableWarnings: true });
}
