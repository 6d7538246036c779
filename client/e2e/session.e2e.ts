/**
 * A signed-in reader stays signed in. The e2e API issues 15-second session tokens
 * (SESSION_TTL_SECONDS=15 in global-setup.ts); the client renews them from Firebase before they end,
 * and after a 401 it renews once and retries. So readers who wait past the lifetime keep working on
 * every signed-in screen, without a reload and without a visit to /login; only a Firebase sign-in
 * that is gone (account disabled) ends the session.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eEnv } from './env';
import { apiUrl, createEmulatorAccount, DEMO, login, newPage, sharedBrowser } from './harness';
import {
  expectSwal,
  fillAddArticleForm,
  freshAdmin,
  myArticleRow,
  uniqueTitle,
} from './writer-admin-fixtures';

const browser = sharedBrowser();

const TTL_SECONDS = 15;
const WAIT_PAST_TTL_MS = 20_000;

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

function lifetimeOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    iat: number;
    exp: number;
  };
  return payload.exp - payload.iat;
}

/** What a page did with the API and where it went, for the checks at the end. */
function watch(page: Page) {
  const seen = { paths: [] as string[], jwt: [] as number[], unauthorized: [] as string[] };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.paths.push(new URL(frame.url()).pathname);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== apiUrl) return;
    if (url.pathname === '/jwt' && response.request().method() === 'POST') seen.jwt.push(response.status());
    if (response.status() === 401) seen.unauthorized.push(url.pathname);
  });
  return seen;
}

/** Client-side navigation through a navbar link (no reload). */
async function navTo(page: Page, name: string, path: string) {
  await page.getByRole('link', { name, exact: true }).first().click();
  await page.waitForURL((url) => url.pathname === path);
}

async function sideNavTo(page: Page, menu: string, name: string, path: string) {
  await page.getByRole('navigation', { name: menu }).getByRole('link', { name, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

describe('sessions outlive the 15-second token', () => {
  // One wait past the token lifetime serves both stories (it is most of this file's time): two
  // readers whose sessions must survive it, and one whose Firebase account is disabled meanwhile.
  it('premium reader and admin wait 20 s, then every signed-in screen works without /login; a disabled account is logged out at its next renewal', async () => {
    const reader = await newPage(browser());
    const readerSeen = watch(reader.page);
    await login(reader.page, DEMO.premium);
    const admin = await freshAdmin(browser());
    const adminSeen = watch(admin.page);
    const readerFirst = await storedToken(reader.page);
    const adminFirst = await storedToken(admin.page);
    expect(lifetimeOf(readerFirst), 'the e2e API issues 15-second tokens').toBe(TTL_SECONDS);
    expect(lifetimeOf(adminFirst)).toBe(TTL_SECONDS);
    const readerPathsAtLogin = readerSeen.paths.length;

    // A third reader signs in, then an administrator disables their account in Firebase: the planned
    // renewal (12 s in, within the wait) cannot get a fresh Firebase ID token any more.
    const disabledAccount = await createEmulatorAccount('disabled');
    const disabled = await newPage(browser());
    await login(disabled.page, disabledAccount);
    await disableEmulatorAccount(disabledAccount.email);

    await reader.page.waitForTimeout(WAIT_PAST_TTL_MS);

    await disabled.page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await disabled.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await disabled.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await disabled.context.close();

    // Renewed in the background before expiry (no 401 needed), and still signed in.
    expect(await storedToken(reader.page)).not.toBe(readerFirst);
    expect(await storedToken(admin.page)).not.toBe(adminFirst);
    expect(readerSeen.unauthorized, 'planned renewal came before any 401').toEqual([]);

    // --- the premium reader, screen after screen
    const { page } = reader;
    const title = uniqueTitle('After the token expired');
    await navTo(page, 'Add Articles', '/add-articles');
    await page.getByRole('heading', { name: 'add article' }).waitFor();
    await fillAddArticleForm(page, { title, imageName: 'session-photo.png' });
    await page.getByRole('button', { name: 'Submit Article' }).click();
    await expectSwal(page, 'Submited', 'Your article has been submited');
    await page.waitForURL((url) => url.pathname === '/my-articles');
    await myArticleRow(page, title).waitFor();

    await navTo(page, 'Subscription', '/subscription');
    await page.getByTestId('already-premium').waitFor();

    await navTo(page, 'Premium Articles', '/premium-articles');
    const cards = page.getByTestId('article-grid').getByRole('link', { name: /^Details:/ });
    await cards.first().waitFor();
    await cards.first().click();
    await page.getByTestId('article-body').waitFor();

    await navTo(page, 'Dashboard', '/user-dashboard');
    await page.getByRole('heading', { name: 'Articles by status' }).waitFor();
    await sideNavTo(page, 'Dashboard', 'My Profile', '/user-dashboard/my-profile');
    await expect.poll(() => page.getByTestId('role-label').textContent()).toBe('Premium User');

    // A token that did expire (a laptop asleep past the planned renewal): the call answered 401 is
    // renewed and retried, and the screen still opens. Swapped in right after a planned renewal, so
    // the next one (12 s later) cannot replace it first.
    await page.waitForResponse((r) => r.url() === `${apiUrl}/jwt` && r.request().method() === 'POST');
    await page.evaluate((token) => localStorage.setItem('token', token), readerFirst);
    await navTo(page, 'Premium Articles', '/premium-articles');
    await cards.last().click();
    await page.getByTestId('article-body').waitFor();
    expect(readerSeen.unauthorized.length, 'the expired token was refused').toBeGreaterThan(0);
    expect(await storedToken(page)).not.toBe(readerFirst);

    // --- the admin, through the dashboard
    const a = admin.page;
    await sideNavTo(a, 'Admin dashboard', 'All Users', '/dashboard/all-users');
    await a.locator('tbody tr').first().waitFor();
    await sideNavTo(a, 'Admin dashboard', 'All Articles', '/dashboard/all-articles-admin');
    await a.locator('tbody tr').first().waitFor();
    await sideNavTo(a, 'Admin dashboard', 'Add Publisher', '/dashboard/add-publisher');
    await a.getByLabel('Publisher name').waitFor();
    await sideNavTo(a, 'Admin dashboard', 'My Profile', '/dashboard/my-profile');
    await expect.poll(() => a.getByTestId('role-label').textContent()).toBe('Admin');
    await sideNavTo(a, 'Admin dashboard', 'Statistics', '/dashboard');
    await a.getByRole('heading', { name: 'Articles per publisher' }).waitFor();

    // Nobody was sent to /login, every renewal was granted, and renewals did happen.
    expect(readerSeen.paths.slice(readerPathsAtLogin)).not.toContain('/login');
    expect(adminSeen.paths).not.toContain('/login');
    // The reader was watched from before signing in (that POST /jwt, then at least one renewal); the
    // admin from after it, so at least its renewal during the wait. A quick machine gets through the
    // screens before a second renewal is due.
    expect(readerSeen.jwt.length).toBeGreaterThanOrEqual(2);
    expect(adminSeen.jwt.length).toBeGreaterThanOrEqual(1);
    for (const seen of [readerSeen, adminSeen]) expect(seen.jwt.every((status) => status === 200)).toBe(true);
    expect(await storedToken(page)).not.toBe('');
    expect(await storedToken(a)).not.toBe('');
    await reader.context.close();
    await admin.context.close();
  }, 180_000);
});

/** Disables an emulator account (as an administrator would in the Firebase console). */
async function disableEmulatorAccount(email: string): Promise<void> {
  const base = `http://${e2eEnv.emulatorHost}/identitytoolkit.googleapis.com/v1/projects/demo-newsroom`;
  const headers = { 'content-type': 'application/json', authorization: 'Bearer owner' };
  const lookup = await fetch(`${base}/accounts:lookup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: [email] }),
  });
  const { users } = (await lookup.json()) as { users?: { localId: string }[] };
  const localId = users?.[0]?.localId;
  if (!localId) throw new Error(`no emulator account for ${email}`);
  const res = await fetch(`${base}/accounts:update`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ localId, disableUser: true }),
  });
  if (!res.ok) throw new Error(`emulator accounts:update failed: ${res.status} ${await res.text()}`);
}
