/** Registration (every rule message), login (success toast, wrong password), logout. */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { solidPng } from './fixtures/make-png';
import { DEMO, goto, login, newPage, sharedBrowser, uniqueEmail } from './harness';

const browser = sharedBrowser();
afterAll(async () => {});

async function fillRegistration(
  page: Page,
  fields: { name?: string; email?: string; password?: string; photo?: boolean },
) {
  await page.getByLabel('Name').fill(fields.name ?? '');
  await page.getByLabel('Email').fill(fields.email ?? '');
  await page.getByLabel('Password', { exact: false }).fill(fields.password ?? '');
  if (fields.photo) {
    await page.locator('#reg-photo').setInputFiles({
      name: 'my-profile-picture-2026.png',
      mimeType: 'image/png',
      buffer: solidPng(),
    });
  }
}

async function submitAndReadError(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Register' }).click();
  const alert = page.getByTestId('registration-error');
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

describe('registration', () => {
  it('shows the exact message of each rule of docs/product.md §5', async () => {
    const { context, page } = await newPage(browser());
    await goto(page, '/registration');
    const email = uniqueEmail('rules');

    await fillRegistration(page, { name: 'Rule Tester', email, password: 'Abcdef1' });
    expect(await submitAndReadError(page)).toBe('(*) marked fields are required'); // no photo

    await fillRegistration(page, { name: 'Rule Tester', email, password: 'Ab1', photo: true });
    // The chosen file's name is shortened (first 10 characters, four dots, type extension).
    await expect.poll(() => page.getByTestId('photo-name').textContent()).toBe('my-profile....png');
    expect(await submitAndReadError(page)).toBe('Password should be atleast 6 character');

    await page.getByLabel('Password', { exact: false }).fill('ABCDEF1');
    expect(await submitAndReadError(page)).toBe(
      'Password have to contain atleast one lowercase letter [a-z]',
    );

    await page.getByLabel('Password', { exact: false }).fill('abcdef1');
    expect(await submitAndReadError(page)).toBe(
      'Password have to contain atlease one uppercase letter [A-Z]',
    );

    await page.getByLabel('Password', { exact: false }).fill('Abcdefg');
    expect(await submitAndReadError(page)).toBe('Password have to contain atleast one numaric value [0-9]');

    await page.getByLabel('Email').fill(DEMO.reader.email);
    await page.getByLabel('Password', { exact: false }).fill('Abcdef1');
    expect(await submitAndReadError(page)).toBe('Email already registered');
    await context.close();
  });

  it('registers a new account with a photo, then the navbar shows the avatar', async () => {
    const { context, page } = await newPage(browser());
    await goto(page, '/registration');
    const email = uniqueEmail('new');
    await fillRegistration(page, { name: 'Nadia Reporter', email, password: 'Newsroom1', photo: true });
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration successful').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    const avatar = page.getByTestId('avatar-button');
    await avatar.waitFor();
    // The photo went through POST /uploads and is now the Firebase profile photo.
    const src = await avatar.locator('img').getAttribute('src');
    expect(src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/[0-9a-f]{32}--\d+x\d+\.(png|jpg)$/);
    await avatar.click();
    await expect.poll(() => page.getByRole('menu').textContent()).toContain('Nadia Reporter');
    expect(await page.getByRole('menu').textContent()).toContain(email);
    await context.close();
  });
});

describe('login and logout', () => {
  it("wrong password shows 'Invalid email of password' and stays signed out", async () => {
    const { context, page } = await newPage(browser());
    await goto(page, '/login');
    await page.getByLabel('Email').fill(DEMO.reader.email);
    await page.getByLabel('Password').fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('Invalid email of password');
    expect(page.url()).toMatch(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it("logs in with 'Login successful', returns where the guard sent it from, and logs out", async () => {
    const { context, page } = await newPage(browser());
    // A guarded page sends a signed-out visitor to /login ...
    await goto(page, '/user-dashboard');
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Email').fill(DEMO.reader.email);
    await page.getByLabel('Password').fill(DEMO.reader.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Login successful').waitFor();
    // ... and back after signing in.
    await page.waitForURL(/\/user-dashboard$/);
    await page.waitForFunction(() => Boolean(localStorage.getItem('token')));

    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    // Any navigation closes the account menu: open it once home has arrived (its chunk loads lazily).
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Trending now' }).waitFor();
    await page.getByTestId('avatar-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText('Logout successful').waitFor();
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.getByTestId('avatar-button').count()).toBe(0);
    await context.close();
  });

  it('a rejected session token (401) is renewed from Firebase and the call retried: no /login', async () => {
    const { context, page } = await newPage(browser());
    await login(page, DEMO.reader);
    await goto(page, '/all-articles');
    await page.getByTestId('article-card').first().waitFor();
    // Let the sign-in sequence (admin and premium checks) finish first.
    await page.waitForLoadState('networkidle');
    // Our API token goes bad (expired/forged): the next protected call answers 401, the client gets a
    // new token for the still signed-in Firebase user and retries. (A 401 whose renewal fails logs
    // out: session.e2e.ts.)
    await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
    const refused = page.waitForResponse((r) => r.status() === 401);
    await page
      .getByRole('link', { name: /^Details:/ })
      .first()
      .click();
    await refused;
    await page.getByTestId('article-body').waitFor();
    expect(page.url()).toMatch(/\/article-details\/[^/]+$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBe('not-a-valid-token');
    await page.getByTestId('avatar-button').waitFor();
    await context.close();
  });
});
