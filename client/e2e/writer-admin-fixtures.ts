/**
 * Shared steps of the writer, admin and profile browser tests (H6): real images, fresh accounts,
 * SweetAlert dialogs and the add-article form driven like a user would.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { e2eEnv } from './env';
import { solidPng } from './fixtures/make-png';
import {
  apiUrl,
  createEmulatorAccount,
  DEMO,
  goto,
  login,
  newPage,
  type Account,
  type PageOptions,
  sharedForTests,
} from './harness';

/** A real PNG (solid colour) so the API's sniffing and re-encoding accept it. */
export function pngFile(name: string, rgb?: [number, number, number]) {
  return { name, mimeType: 'image/png', buffer: solidPng(64, 48, rgb) };
}

export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  account: Account;
}

/** A brand-new normal user (Firebase emulator account), signed in through the Login screen. */
export async function freshUser(
  browser: Browser,
  prefix: string,
  options: PageOptions = {},
): Promise<Session> {
  const account = await createEmulatorAccount(prefix);
  const { context, page } = await newPage(browser, { theme: 'light', ...options });
  await login(page, account);
  return { context, page, account };
}

/** Our API session token for an account, the way the app gets it (Firebase ID token → POST /jwt). */
export async function apiToken(account: Account): Promise<string> {
  const signIn = await fetch(
    `http://${e2eEnv.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
    },
  );
  if (!signIn.ok) throw new Error(`emulator sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const res = await fetch(`${apiUrl}/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ email: account.email }),
  });
  if (!res.ok) throw new Error(`POST /jwt failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Makes an existing user an admin through the API, as the demo admin (test setup only). */
export async function promoteToAdmin(email: string): Promise<void> {
  const token = await apiToken(DEMO.admin);
  const auth = { authorization: `Bearer ${token}` };
  const user = await fetch(`${apiUrl}/users/${encodeURIComponent(email)}`, { headers: auth });
  if (!user.ok) throw new Error(`GET /users/${email} failed: ${user.status}`);
  const { _id } = (await user.json()) as { _id: string };
  const res = await fetch(`${apiUrl}/make-admin/${_id}`, { method: 'PATCH', headers: auth });
  if (!res.ok) throw new Error(`PATCH /make-admin failed: ${res.status}`);
}

/**
 * A brand-new admin signed in through the Login screen. Specs use their own admin rather than the demo
 * admin: every e2e run re-seeds the demo logins in the shared Auth emulator, which ends their sessions.
 */
export async function freshAdmin(browser: Browser, options: PageOptions = {}): Promise<Session> {
  const session = await freshUser(browser, 'admin', options);
  await promoteToAdmin(session.account.email);
  await goto(session.page, '/dashboard');
  await session.page.getByRole('navigation', { name: 'Admin dashboard' }).waitFor();
  return session;
}

/** A fresh admin (see freshAdmin) shared by the tests of the enclosing file; its pages close after them. */
export function sharedAdmin(browser: () => Browser, options: PageOptions = {}): () => Session {
  return sharedForTests(
    () => freshAdmin(browser(), options),
    (admin) => admin.context.close(),
  );
}

export async function demoSession(
  browser: Browser,
  who: keyof typeof DEMO,
  options: PageOptions = {},
): Promise<Session> {
  const account = DEMO[who];
  const { context, page } = await newPage(browser, { theme: 'light', ...options });
  await login(page, account);
  return { context, page, account };
}

/** The open SweetAlert2 dialog. */
export function swalDialog(page: Page): Locator {
  return page.locator('.swal2-popup');
}

/** Waits for the dialog titled `title` (and its text), asserts it, then presses its confirm button. */
export async function expectSwal(
  page: Page,
  title: string,
  text?: string,
  press: 'confirm' | 'cancel' | 'none' = 'confirm',
): Promise<void> {
  const dialog = swalDialog(page);
  await expect
    .poll(() => dialog.locator('.swal2-title').textContent(), { message: `dialog ${title}` })
    .toBe(title);
  if (text !== undefined) {
    await expect.poll(() => dialog.locator('.swal2-html-container').textContent()).toBe(text);
  }
  if (press === 'none') return;
  await dialog.locator(press === 'confirm' ? '.swal2-confirm' : '.swal2-cancel').click();
  // Read without waiting: the dialog may be gone (or replaced by the next one) between two looks.
  const titleNow = async () => (await dialog.locator('.swal2-title').allTextContents())[0];
  await expect.poll(titleNow, { message: `dialog ${title} closes` }).not.toBe(title);
}

export interface ArticleDraft {
  title: string;
  publisher?: string;
  tags?: string[];
  description?: string;
  imageName?: string;
}

/** Fills the Add article form (already open at /add-articles). Returns the publisher picked. */
export async function fillAddArticleForm(page: Page, draft: ArticleDraft): Promise<string> {
  await page.getByLabel('Title').fill(draft.title);
  if (draft.imageName) await page.getByLabel('Upload Image').setInputFiles(pngFile(draft.imageName));
  const publisherSelect = page.getByLabel('Publisher');
  const publisher =
    draft.publisher ??
    (await publisherSelect.locator('option:not([disabled])').first().getAttribute('value')) ??
    '';
  await publisherSelect.selectOption(publisher);
  for (const tag of draft.tags ?? ['technology']) {
    await page.getByLabel('Tags').fill(tag);
    await page.keyboard.press('Enter');
  }
  await page
    .getByLabel('Description')
    .fill(draft.description ?? `Body of ${draft.title}.\nSecond paragraph.`);
  return publisher;
}

/** Posts an article through the UI and checks the success dialog and the redirect to /my-articles. */
export async function postArticle(page: Page, draft: ArticleDraft): Promise<void> {
  await goto(page, '/add-articles');
  await page.getByRole('heading', { name: 'add article' }).waitFor();
  await fillAddArticleForm(page, { imageName: 'writer-photo-e2e.png', ...draft });
  await page.getByRole('button', { name: 'Submit Article' }).click();
  await expectSwal(page, 'Submited', 'Your article has been submited');
  await page.waitForURL('**/my-articles');
}

/** The My articles row of an article (its title cell carries the full title). */
export function myArticleRow(page: Page, title: string): Locator {
  return page.locator('tbody tr').filter({ has: page.locator(`th[title="${title}"]`) });
}

/** The admin's All articles row of an article. */
export function adminArticleRow(page: Page, title: string): Locator {
  return page.locator('tbody tr').filter({ has: page.locator(`p[title="${title}"]`) });
}
