import { AxiosError } from 'axios';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { startApiStandIn, tokenLiving, type ApiStandIn, type SeenRequest } from '@/test/api-stand-in';
import { api, clearSessionToken, saveSessionToken, setSessionHooks, TOKEN_KEY } from './api-client';

const EMAIL = 'reader@newsroom.test';
const ID_TOKEN = 'fresh-firebase-id-token';
// Long-lived: no planned renewal fires during these tests unless a test asks for one.
const OLD = tokenLiving(3600, { n: 'old' });
const NEW = tokenLiving(3600, { n: 'new' });

let server: ApiStandIn;
let onExpired: Mock<() => void>;
let onNeedPremium: Mock<() => void>;
let freshIdentity: Mock<() => Promise<{ email: string; idToken: string }>>;
/** How POST /jwt answers (the API trading a Firebase ID token for our JWT). */
let jwtAnswer: { status: number; body: unknown };

const jwtCalls = () => server.seen.filter((r) => r.path === '/jwt');
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof AxiosError ? error.response?.status : 'no answer'),
  );

beforeAll(async () => {
  server = await startApiStandIn();
});
afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.seen.length = 0;
  jwtAnswer = { status: 200, body: { token: NEW } };
  // Protected calls accept only the renewed token; POST /jwt only the fresh Firebase ID token.
  server.respond((req: SeenRequest) => {
    if (req.path === '/jwt') return req.bearer === ID_TOKEN ? jwtAnswer : { status: 401, body: {} };
    if (req.path === '/forbidden') return { status: 403, body: { message: 'Forbidden access' } };
    if (req.path === '/premium/articles/only')
      return { status: 402, body: { needPremium: true, message: 'Premium subscription required' } };
    return req.bearer === NEW ? { status: 200, body: { ok: true } } : { status: 401, body: {} };
  });
  onExpired = vi.fn<() => void>();
  onNeedPremium = vi.fn<() => void>();
  freshIdentity = vi.fn(async () => ({ email: EMAIL, idToken: ID_TOKEN }));
  setSessionHooks({ freshIdentity, onExpired, onNeedPremium });
  saveSessionToken(OLD);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  setSessionHooks(null);
  clearSessionToken();
  vi.restoreAllMocks();
});

describe('a 401 from the API', () => {
  it('renews our JWT once from a fresh Firebase ID token and retries the call, which succeeds', async () => {
    const res = await api.get('/my-articles');
    expect(res.data).toEqual({ ok: true });
    expect(server.seen.map((r) => [r.method, r.path, r.bearer])).toEqual([
      ['GET', '/my-articles', OLD],
      ['POST', '/jwt', ID_TOKEN],
      ['GET', '/my-articles', NEW],
    ]);
    expect(jwtCalls()[0]!.body).toEqual({ email: EMAIL });
    expect(freshIdentity).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(NEW);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('concurrent 401s share one renewal: one POST /jwt, every call retried', async () => {
    const paths = ['/a', '/b', '/c', '/d', '/e'];
    const results = await Promise.all(paths.map((p) => status(api.get(p))));
    expect(results).toEqual([200, 200, 200, 200, 200]);
    expect(jwtCalls()).toHaveLength(1);
    expect(freshIdentity).toHaveBeenCalledTimes(1);
    for (const p of paths) {
      expect(server.seen.filter((r) => r.path === p).map((r) => r.bearer)).toEqual([OLD, NEW]);
    }
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('logs out when POST /jwt refuses the renewal (401), and the caller still sees the 401', async () => {
    jwtAnswer = { status: 401, body: { message: 'Invalid identity token' } };
    expect(await status(api.get('/my-articles'))).toBe(401);
    expect(jwtCalls()).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('logs out when Firebase has no usable sign-in (signed out, disabled, deleted): no POST /jwt', async () => {
    freshIdentity.mockRejectedValue(Object.assign(new Error('disabled'), { code: 'auth/user-disabled' }));
    expect(await status(api.get('/my-articles'))).toBe(401);
    expect(jwtCalls()).toHaveLength(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('concurrent 401s whose renewal fails log out once', async () => {
    jwtAnswer = { status: 401, body: {} };
    const results = await Promise.all(['/a', '/b', '/c'].map((p) => status(api.get(p))));
    expect(results).toEqual([401, 401, 401]);
    expect(jwtCalls()).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('renews only once per call: a retry answered 401 again logs out', async () => {
    jwtAnswer = { status: 200, body: { token: tokenLiving(3600, { n: 'also-refused' }) } };
    expect(await status(api.get('/my-articles'))).toBe(401);
    expect(server.seen.map((r) => r.path)).toEqual(['/my-articles', '/jwt', '/my-articles']);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when renewal fails for a passing reason (server error): the call fails, no logout', async () => {
    jwtAnswer = { status: 503, body: { message: 'Unavailable' } };
    expect(await status(api.get('/my-articles'))).toBe(401);
    expect(onExpired).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(OLD);
    // The next call renews again, and this time it works.
    jwtAnswer = { status: 200, body: { token: NEW } };
    expect(await status(api.get('/my-articles'))).toBe(200);
  });

  it('a 401 on a call made with a Firebase ID token (registration) is not renewed: it logs out as before', async () => {
    expect(
      await status(api.post('/users/new', {}, { headers: { Authorization: 'Bearer stale-id-token' } })),
    ).toBe(401);
    expect(jwtCalls()).toHaveLength(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});

describe('other answers', () => {
  it('a 403 logs out without trying to renew', async () => {
    expect(await status(api.get('/forbidden'))).toBe(403);
    expect(jwtCalls()).toHaveLength(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('a 402 needPremium tells the session the subscription is gone, without logging out', async () => {
    expect(await status(api.get('/premium/articles/only'))).toBe(402);
    expect(onNeedPremium).toHaveBeenCalledTimes(1);
    expect(onExpired).not.toHaveBeenCalled();
  });
});

describe('planned renewal', () => {
  it('renews before the token expires (at 80% of its lifetime), with no 401 needed', async () => {
    saveSessionToken(tokenLiving(2, { n: 'short' })); // renewal planned 1.6 s from now
    await new Promise((r) => setTimeout(r, 1000));
    expect(jwtCalls()).toHaveLength(0);
    await vi.waitFor(() => expect(jwtCalls()).toHaveLength(1), { timeout: 3000 });
    expect(server.seen.map((r) => r.path)).toEqual(['/jwt']);
    await vi.waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBe(NEW));
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('a planned renewal that finds the Firebase sign-in gone logs out', async () => {
    freshIdentity.mockRejectedValue(Object.assign(new Error('deleted'), { code: 'auth/user-not-found' }));
    saveSessionToken(tokenLiving(2, { n: 'short' }));
    await vi.waitFor(() => expect(onExpired).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(jwtCalls()).toHaveLength(0);
  });

  it('signing out cancels the planned renewal', async () => {
    saveSessionToken(tokenLiving(2, { n: 'short' }));
    clearSessionToken();
    await new Promise((r) => setTimeout(r, 2000));
    expect(server.seen).toHaveLength(0);
    expect(freshIdentity).not.toHaveBeenCalled();
  });
});
