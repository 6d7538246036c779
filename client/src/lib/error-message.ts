// Not axios itself: this module is on the first-paint path (lib/http-error.ts).
import { isApiError, isCanceled } from './http-error';

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server, try again';
export const RATE_LIMIT_MESSAGE = 'Too many requests, please try again later';
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side, please try again';
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong, please try again';
export const SESSION_ENDED_MESSAGE = 'Your session has ended, please sign in again';

/** An error whose message is written for the person using the app (shown as is). */
export class UserFacingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UserFacingError';
  }
}

/** What Firebase Auth's error codes mean for the person signing in (account-neutral wording). */
const FIREBASE_MESSAGES: Record<string, string> = {
  'auth/network-request-failed': NETWORK_ERROR_MESSAGE,
  'auth/too-many-requests': 'Too many attempts, please try again later',
  'auth/email-already-in-use': 'An account with this email already exists',
  'auth/invalid-email': 'That email address is not valid',
  'auth/weak-password': 'The password is too weak',
  'auth/user-disabled': 'This account has been disabled',
  'auth/popup-blocked': 'The sign-in window was blocked; allow pop-ups for this site and try again',
  'auth/internal-error': SERVER_ERROR_MESSAGE,
};

/** A message text the server may have sent: a non-empty string of sensible length. */
function usable(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= 500;
}

/** The server's `{message}`, with the first field problem of a 400 `{message, errors}` when it has one. */
function serverMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { message, errors } = data as { message?: unknown; errors?: unknown };
  if (!usable(message)) return undefined;
  const first = Array.isArray(errors)
    ? (errors[0] as { path?: unknown; message?: unknown } | undefined)
    : undefined;
  if (first && usable(first.message) && first.message !== message) {
    const field = usable(first.path) ? `${first.path}: ` : '';
    return `${message} (${field}${first.message})`;
  }
  return message;
}

/**
 * What to tell a person about a failed call, in plain words: the server's `{message}` when it sent one,
 * "Too many requests…" for a 429 without one, "Could not reach the server…" when no answer came, a
 * Firebase Auth code's meaning, the text of a {@link UserFacingError}; otherwise `fallback`.
 * Programming errors (a TypeError, say) never leak their text.
 */
export function errorMessage(error: unknown, fallback = FALLBACK_ERROR_MESSAGE): string {
  if (isApiError(error)) {
    if (isCanceled(error)) return fallback;
    const response = error.response;
    if (!response) return NETWORK_ERROR_MESSAGE;
    const fromServer = serverMessage(response.data);
    if (response.status === 429) return fromServer ?? RATE_LIMIT_MESSAGE;
    if (response.status === 500) return SERVER_ERROR_MESSAGE;
    if (fromServer) return fromServer;
    if (response.status === 401) return SESSION_ENDED_MESSAGE;
    if (response.status >= 500) return SERVER_ERROR_MESSAGE;
    return fallback;
  }
  if (error instanceof UserFacingError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code in FIREBASE_MESSAGES) return FIREBASE_MESSAGES[code]!;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return NETWORK_ERROR_MESSAGE;
  return fallback;
}

/** True when a request got no answer at all (offline, server down, blocked). */
export function isNetworkError(error: unknown): boolean {
  if (isApiError(error)) return !error.response && !isCanceled(error);
  return (error as { code?: unknown } | null)?.code === 'auth/network-request-failed';
}
