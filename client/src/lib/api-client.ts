import axios, { AxiosError } from 'axios';
import { env } from './env';

export const TOKEN_KEY = 'token';

/** The one axios instance for our API. Every request carries the bearer token from localStorage. */
export const api = axios.create({ baseURL: env.apiUrl });

api.interceptors.request.use((config) => {
  const token = localStorage.getItem(TOKEN_KEY);
  if (token && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

type SessionExpiredHandler = () => void | Promise<void>;
let onSessionExpired: SessionExpiredHandler | null = null;

/** The session (AuthProvider) registers what a 401/403 does: log out, clear loading, go to /login. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): void {
  onSessionExpired = handler;
}

api.interceptors.response.use(
  (response) => response,
  async (error: unknown) => {
    const status = error instanceof AxiosError ? error.response?.status : undefined;
    if ((status === 401 || status === 403) && onSessionExpired) {
      try {
        await onSessionExpired();
      } catch (logoutError) {
        console.error(logoutError);
      }
    }
    // The caller still sees the failure (SPEC §4).
    return Promise.reject(error);
  },
);

/** The server's `{message}` of a failed call, if any. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (error instanceof AxiosError) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (typeof data?.message === 'string') return data.message;
  }
  return undefined;
}

/** True when the server answered 402 {needPremium: true} (plan limit or premium content). */
export function isNeedPremium(error: unknown): boolean {
  if (!(error instanceof AxiosError)) return false;
  const data = error.response?.data as { needPremium?: unknown } | undefined;
  return error.response?.status === 402 || data?.needPremium === true;
}
