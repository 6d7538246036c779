/**
 * The session as a reader lives it: the real AuthProvider, guards and screens, signed in through the
 * real Firebase SDK against the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, started by `npm test`),
 * and a stand-in for our API (test/api-stand-in.ts) whose answers each test decides.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { signInWithEmailAndPassword } from '@firebase/auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { emulatorHost } from '@/test/auth-emulator';
import { startApiStandIn, tokenLiving, type ApiStandIn, type SeenRequest } from '@/test/api-stand-in';

// Imported after test/auth-emulator has pointed Firebase at the emulator.
const { AppProvider } = await import('./provider');
const { PrivateRoute } = await import('./guards/PrivateRoute');
const { SubscriptionRoute } = await import('./guards/SubscriptionRoute');
const { default: PremiumArticles } = await import('./routes/PremiumArticles');
const { default: ArticleDetails } = await import('./routes/ArticleDetails');
const { default: MyArticles } = await import('./routes/MyArticles');
const { default: Subscription } = await import('./routes/Subscription');
const { auth } = await import('@/lib/firebase');
const { TOKEN_KEY } = await import('@/lib/api-client');
const { queryClient } = await import('@/lib/query-client');

const PASSWORD = 'Reader1234';
/** Sign-in, renewal and logout go through the emulator: allow for a loaded machine. */
const SLOW = { timeout: 5000 };
const emulator = (path: string, body: unknown) =>
  fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });

/** A fresh emulator account: its email and uid. */
async function newAccount(): Promise<{ email: string; uid: string }> {
  const email = `session-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const res = await emulator('accounts:signUp?key=fake-api-key', { email, password: PASSWORD });
  if (!res.ok) throw new Error(`emulator signUp failed: ${res.status} ${await res.text()}`);
  return { email, uid: ((await res.json()) as { localId: string }).localId };
}

/** The claims of a Firebase ID token (the stand-in reads whom it is for, as the API would after verifying). */
function idTokenClaims(token: string): { email?: string; iat?: number } {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: string; iat?: number };
}

const PREMIUM_ARTICLE = {
  _id: 'a1',
  articleTitle: 'Inside the harbour deal',
  articleImage: 'http://127.0.0.1/img.png',
  articleDescription: 'Premium reporting.',
  publisher: 'The Ledger',
  Tags: ['finance'],
  status: 'Approved',
  isPremium: 'Yes',
  createdAt: '2030-01-01T00:00:00.000Z',
  totalViewCount: 3,
  userInfo: { image: 'http://127.0.0.1/a.png', name: 'Writer' },
};

let api: ApiStandIn;
/** The stand-in's view of the world. */
let world: { premium: boolean; valid: Set<string>; issued: number };

/** How our API answers, roughly: our JWTs it issued are accepted until the test "expires" them. */
function respond(req: SeenRequest) {
  const path = req.path.split('?')[0]!;
  if (path === '/jwt') {
    const claims = req.bearer ? idTokenClaims(req.bearer) : {};
    if (!claims.email) return { status: 401, body: { message: 'Invalid identity token' } };
    const token = tokenLiving(3600, { email: claims.email, n: (world.issued += 1) });
    world.valid.add(token);
    return { status: 200, body: { token } };
  }
  if (path === '/plans') return { status: 200, body: [{ seconds: 60, amount: 1, label: '1 minute' }] };
  if (!req.bearer || !world.valid.has(req.bearer))
    return { status: 401, body: { message: 'Invalid or expired token' } };
  if (path === '/check/isAdmin') return { status: 200, body: { isAdmin: false } };
  if (path === '/isPremium') return { status: 200, body: world.premium };
  if (path === '/remove/subscription') return { status: 200, body: { message: 'removed' } };
  if (
    path.startsWith('/articles/view-count/') ||
    path.startsWith('/article/data/') ||
    path === '/premium/articles/only'
  ) {
    if (!world.premium)
      return {
        status: 402,
        body: { needPremium: true, message: 'Premium subscription required', teaser: PREMIUM_ARTICLE },
      };
    if (path === '/premium/articles/only') return { status: 200, body: [PREMIUM_ARTICLE] };
    return { status: 200, body: PREMIUM_ARTICLE };
  }
  if (path.startsWith('/articles/')) return { status: 200, body: [] };
  return { status: 404, body: { message: 'Not found' } };
}

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>Login page</h1> },
      {
        path: '/subscription',
        element: (
          <PrivateRoute>
            <Subscription />
          </PrivateRoute>
        ),
      },
      {
        path: '/my-articles',
        element: (
          <PrivateRoute>
            <MyArticles />
          </PrivateRoute>
        ),
      },
      {
        path: '/article-details/:id',
        element: (
          <PrivateRoute>
            <ArticleDetails />
          </PrivateRoute>
        ),
      },
      {
        path: '/premium-articles',
        element: (
          <SubscriptionRoute>
            <PremiumArticles />
          </SubscriptionRoute>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider onSessionExpired={() => void router.navigate('/login')}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

/** Signs in through Firebase and waits for the provider to store our JWT. */
async function signIn(email: string) {
  await act(() => signInWithEmailAndPassword(auth, email, PASSWORD));
  await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull(), SLOW);
}

const calls = (path: string) => api.seen.filter((r) => r.path.split('?')[0] === path);

beforeAll(async () => {
  try {
    await fetch(`http://${emulatorHost}/`);
  } catch {
    throw new Error(
      `No Firebase Auth emulator at ${emulatorHost}: run through \`npm test\` (it starts one).`,
    );
  }
  api = await startApiStandIn();
  api.respond(respond);
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  world = { premium: false, valid: new Set(), issued: 0 };
  api.seen.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  await act(() => auth.signOut());
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('a reader whose session token expires', () => {
  it('is given a new one from a fresh Firebase ID token and the screen loads: no visit to /login', async () => {
    const { email } = await newAccount();
    const router = renderApp('/subscription');
    await signIn(email);
    const firstIdToken = calls('/jwt')[0]!.bearer!;
    // ID tokens count time in whole seconds: let one pass so a fresh one differs from the first.
    await new Promise((r) => setTimeout(r, 1100));

    world.valid.clear(); // our JWT has expired on the server
    await act(() => router.navigate('/my-articles'));
    expect(await screen.findByText('You have not posted any articles yet.', {}, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/my-articles');

    const renewal = calls('/jwt')[1]!;
    expect(renewal.body).toEqual({ email });
    // A new ID token, fetched from Firebase for the renewal.
    expect(idTokenClaims(renewal.bearer!).email).toBe(email);
    expect(idTokenClaims(renewal.bearer!).iat).toBeGreaterThan(idTokenClaims(firstIdToken).iat!);
    expect(calls(`/articles/${encodeURIComponent(email)}`).map((r) => world.valid.has(r.bearer!))).toEqual([
      false,
      true,
    ]);
    expect([...world.valid]).toEqual([localStorage.getItem(TOKEN_KEY)]);
  });

  it('is logged out and sent to /login when Firebase no longer signs them in (account disabled)', async () => {
    const { email, uid } = await newAccount();
    const router = renderApp('/subscription');
    await signIn(email);

    const disabled = await emulator('projects/demo-newsroom/accounts:update', {
      localId: uid,
      disableUser: true,
    });
    expect(disabled.ok).toBe(true);
    world.valid.clear();
    await act(() => router.navigate('/my-articles'));
    expect(await screen.findByRole('heading', { name: 'Login page' }, SLOW)).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(auth.currentUser).toBeNull();
    expect(calls('/jwt')).toHaveLength(1); // the sign-in's; the renewal never got an ID token
  });
});

describe('a premium subscription that ends while signed in', () => {
  it('is noticed from a 402 on premium content: subscribed turns false, the guard and /subscription follow', async () => {
    const { email } = await newAccount();
    world.premium = true;
    const router = renderApp('/premium-articles');
    await signIn(email);
    expect(
      await screen.findByRole('link', { name: `Details: ${PREMIUM_ARTICLE.articleTitle}` }, SLOW),
    ).toBeInTheDocument();

    world.premium = false; // the subscription ran out; nothing reloads
    await act(() => router.navigate(`/article-details/${PREMIUM_ARTICLE._id}`));
    expect(await screen.findByTestId('premium-teaser', {}, SLOW)).toBeInTheDocument();

    // The expired subscription is removed on the server, as a false premium check at sign-in does.
    await waitFor(() => expect(calls('/remove/subscription').map((r) => r.body)).toEqual([{ email }]), SLOW);
    // Premium articles now send the reader to the plans, which no longer say "already premium".
    await act(() => router.navigate('/premium-articles'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'), SLOW);
    expect(await screen.findByLabelText('Choose a plan', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('already-premium')).toBeNull();
    // Still signed in.
    expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
  });
});
