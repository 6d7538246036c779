import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { env } from './env';
import { isNeedPremium } from './http-error';
import { TOKEN_KEY } from './session-keys';
import { RENEWAL_RETRY_MS, renewalDelayMs } from './session-token';

export { TOKEN_KEY };
// Kept here too for callers that already reach axios; the first-paint path imports ./http-error.
export { apiErrorMessage, isNeedPremium } from './http-error';

/** The one axios instance for our API. Every request carries the bearer token from localStorage. */
export const api = axios.create({ baseURL: env.apiUrl });

interface SessionRequestConfig extends InternalAxiosRequestConfig {
  /** The caller sent its own Authorization (a Firebase ID token): a 401 is not about our JWT. */
  ownAuthorization?: boolean;
  /** The JWT this call was sent with. */
  sentToken?: string;
  /** Already retried once with a renewed JWT. */
  sessionRetried?: boolean;
}

api.interceptors.request.use((config: SessionRequestConfig) => {
  config.ownAuthorization ??= config.headers.has('Authorization');
  const token = localStorage.getItem(TOKEN_KEY);
  if (token && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`);
    config.sentToken = token;
  }
  return config;
});

/**
 * What the session (AuthProvider) supplies: the Firebase side of renewal, logout, premium changes.
 * How and when our JWT is renewed: docs/decisions/session-renewal.md.
 */
export interface SessionHooks {
  /** The signed-in user's email and a fresh Firebase ID token; rejects when Firebase has no usable sign-in. */
  freshIdentity: () => Promise<{ email: string; idToken: string }>;
  /** Log out, clear loading, go to /login (docs/product.md §4). */
  onExpired: () => void | Promise<void>;
  /** The server answered 402 needPremium: the caller is not (or no longer) premium. */
  onNeedPremium?: () => void;
}

let hooks: SessionHooks | null = null;

export function setSessionHooks(next: SessionHooks | null): void {
  hooks = next;
}

/** The session ended (signed out) while a renewal was on its way: nothing to renew, nobody to log out. */
class SessionEnded extends Error {}

/** Bumped whenever the token is cleared, so a renewal that finishes after a sign-out is dropped. */
let generation = 0;
let renewalTimer: ReturnType<typeof setTimeout> | undefined;
let renewal: Promise<string> | null = null;

function schedule(delayMs: number | null): void {
  clearTimeout(renewalTimer);
  renewalTimer = undefined;
  if (delayMs === null) return;
  renewalTimer = setTimeout(() => {
    renewSession().catch(async (error: unknown) => {
      if (await renewalFailed(error)) schedule(RENEWAL_RETRY_MS);
    });
  }, delayMs);
}

const tokenListeners = new Set<() => void>();

/** Calls `listener` whenever our JWT is stored or removed (the live-event stream reconnects with it). */
export function onSessionTokenChange(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** Stores our JWT (under `token`) and plans its renewal before it expires. */
export function saveSessionToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  schedule(renewalDelayMs(token));
  for (const listener of tokenListeners) listener();
}

/** Removes our JWT and any planned renewal (sign-out). */
export function clearSessionToken(): void {
  generation += 1;
  localStorage.removeItem(TOKEN_KEY);
  schedule(null);
  for (const listener of tokenListeners) listener();
}

/**
 * POST /jwt: trades a Firebase ID token for our API token. Declared here, beside the renewal that
 * needs it, and re-exported by lib/api/session.ts for sign-in. `via` is the axios to send it with:
 * `api` at sign-in, plain axios (none of `api`'s interceptors) for a renewal.
 */
export async function requestToken(
  email: string,
  idToken: string,
  via: AxiosInstance = api,
): Promise<string> {
  const { data } = await via.post<{ token?: unknown }>(
    '/jwt',
    { email },
    { baseURL: api.defaults.baseURL, headers: { Authorization: `Bearer ${idToken}` } },
  );
  if (typeof data?.token !== 'string') throw new Error('POST /jwt answered without a token');
  return data.token;
}

/**
 * Trades a fresh Firebase ID token for a new JWT and stores it. Single-flight: every caller that asks
 * while one renewal is on its way (e.g. several calls answered 401 at once) shares it.
 */
export function renewSession(): Promise<string> {
  renewal ??= renewOnce().finally(() => {
    renewal = null;
  });
  return renewal;
}

async function renewOnce(): Promise<string> {
  const started = generation;
  if (!hooks) throw new SessionEnded('Not signed in');
  const { email, idToken } = await hooks.freshIdentity();
  // Outside `api` (plain axios): a 401 here means the renewal failed, not that it should renew again.
  const token = await requestToken(email, idToken, axios);
  if (generation !== started) throw new SessionEnded('Signed out during renewal');
  saveSessionToken(token);
  return token;
}

/** Failures that say nothing about the sign-in itself: no answer, rate limit, server error, offline. */
function isPassingFailure(error: unknown): boolean {
  if (error instanceof AxiosError) {
    const status = error.response?.status;
    return status === undefined || status === 429 || status >= 500;
  }
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'auth/network-request-failed' || code === 'auth/too-many-requests';
}

let expiring: Promise<void> | null = null;

/** Logs out once, however many failed calls ask for it at the same moment. */
function expireSession(): Promise<void> {
  expiring ??= (async () => {
    try {
      await hooks?.onExpired();
    } catch (logoutError) {
      console.error(logoutError);
    }
  })().finally(() => {
    expiring = null;
  });
  return expiring;
}

/**
 * A renewal that failed: logs out when the sign-in itself is gone (Firebase signed out, account
 * disabled or deleted, POST /jwt refused). Returns true when the failure may pass (network, 5xx, 429):
 * then the session stays and the next call or timer tries again.
 */
async function renewalFailed(error: unknown): Promise<boolean> {
  if (error instanceof SessionEnded) return false;
  console.error(error);
  if (isPassingFailure(error)) return true;
  await expireSession();
  return false;
}

api.interceptors.response.use(
  (response) => response,
  async (error: unknown) => {
    if (!(error instanceof AxiosError) || !error.response) return Promise.reject(error);
    const { status } = error.response;
    const config = error.config as SessionRequestConfig | undefined;
    if (status === 401 && hooks && config && !config.ownAuthorization && !config.sessionRetried) {
      // Our JWT expired (or went bad): renew it once from Firebase and retry the call with it. A call
      // sent before another one's renewal finished just takes the token that renewal stored.
      const stored = localStorage.getItem(TOKEN_KEY);
      let token: string;
      try {
        token = stored && config.sentToken && stored !== config.sentToken ? stored : await renewSession();
      } catch (renewalError) {
        await renewalFailed(renewalError);
        return Promise.reject(error);
      }
      config.sessionRetried = true;
      config.headers.set('Authorization', `Bearer ${token}`);
      return api.request(config);
    }
    if (status === 401 || status === 403) await expireSession();
    else if (isNeedPremium(error)) hooks?.onNeedPremium?.();
    // The caller still sees the failure (docs/product.md §4).
    return Promise.reject(error);
  },
);
