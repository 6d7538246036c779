import { createContext, useContext } from 'react';
import type { SessionState } from './session';

/** Everything screens can read or do with the session. Provided by AuthProvider (app/provider.tsx). */
export interface AuthContextValue extends SessionState {
  signIn: (email: string, password: string) => Promise<void>;
  signInWithGoogle: () => Promise<void>;
  /** Creates the Firebase account; the caller then sets the profile and registers on the server. */
  createUser: (email: string, password: string) => Promise<void>;
  /** Updates the Firebase profile (name, photo) and the session's copy of it. */
  updateUserProfile: (name: string, photoURL: string | null) => Promise<void>;
  /** A fresh Firebase ID token of the signed-in user (for POST /users/new and /jwt). */
  getIdToken: () => Promise<string>;
  logOut: () => Promise<void>;
  /** After a successful payment: subscribed becomes true. */
  markSubscribed: () => void;
  toggleDarkMode: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
