import { createContext, useContext } from 'react';
import type { SessionState } from './session';

/**
 * Everything screens can read or do with the session but the theme. Provided by AuthProvider
 * (app/provider.tsx). The session state's `darkMode` is provided apart (ThemeContext): switching the
 * theme then re-renders only what draws with it, not every screen that reads the session.
 */
export interface AuthContextValue extends Omit<SessionState, 'darkMode'> {
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
  /** Asks the server again whether the user is premium (their premium changed in another tab or by Stripe). */
  refreshPremium: () => void;
}

/** The session state's theme and its toggle (the moon/sun button). */
export interface ThemeContextValue {
  darkMode: boolean;
  toggleDarkMode: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <AuthProvider>');
  return value;
}
