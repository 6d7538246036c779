/**
 * Every failure is said (issue 9 §1): refused images, a declined card, a taken publisher name, an update
 * refused because the article was just declined, no network, 429, and a render crash — each shown in
 * plain words (inline or as a toast), with axe in both themes at 360 px and desktop, and screenshots.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { e2eEnv } from './env';
import {
  apiGet,
  apiUrl,
  checkScreenAtBothSizes,
  createEmulatorAccount,
  expectAccessibleInBothThemes,
  goto,
  login,
  newPage,
  screenshot,
  screenshotsWanted,
  setTheme,
  sharedBrowser,
  uniqueEmail,
} from './harness';
import { serveStripeJsStandIn } from './stripe-js-standin';
import {
  apiToken,
  expectSwal,
  freshUser,
  myArticleRow,
  pngFile,
  postArticle,
  sharedAdmin,
  uniqueTitle,
} from './writer-admin-fixtures';

const browser = sharedBrowser();
const admin = sharedAdmin(browser);
const stripeApiBase = inject('stripeApiBase');

/** Calls to our API whose path is `path` (any query string). */
const apiPath = (path: string | RegExp) => (url: URL) =>
  url.port === String(e2eEnv.apiPort) &&
  (typeof path === 'string' ? url.pathname === path : path.test(url.pathname));

/** Answers a call to our API as the server would (JSON, CORS), without reaching it. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return (route: Route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*', ...headers },
      body: JSON.stringify(body),
    });
}

/** A JPEG-typed file just over the 5 MB limit, and a file that is no image at all. */
const tooLarge = { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) };
const notAnImage = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain words') };
/** Named and typed as a PNG, but not one: only the server (which reads the bytes) can tell. */
const disguised = { name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') };

const TOO_LARGE = 'The image must be at most 5 MB';
const WRONG_TYPE = 'Only JPEG, PNG, WebP and GIF images are accepted';
const OFFLINE = 'Could not reach the server, try again';

/**
 * Opens About Us, then the screen behind the navbar link `link`. The site server draws the first page of
 * Home and All Articles into its HTML, so their lists are fetched (and meet the test's route) only
 * when the reader arrives by the app's own navigation.
 */
async function reachByNavigation(page: Page, link: 'Home' | 'All Articles'): Promise<void> {
  await goto(page, '/about-us');
  await page.getByTestId('desktop-nav').getByRole('link', { name: link, exact: true }).click();
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/**
 * The toast saying `text`, in both themes. The pointer rests on it (which pauses its timer) while the
 * theme is switched through the <html> class, as the toggle would, so it is still there for both pictures.
 */
async function toastScreenshots(page: Page, text: string, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  await toast(page, text).hover();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    await screenshot(page, `${name}-desktop-${theme}`, { fullPage: false });
  }
  await page.evaluate(() => document.documentElement.classList.toggle('dark', false));
  await page.mouse.move(0, 0); // its timer runs again
}

describe('refused images are said next to the file field', () => {
  it('registration: too large, wrong type and a disguised file; what was typed stays', async () => {
    const { context, page } = await newPage(browser(), { theme: 'light' });
    try {
      await goto(page, '/registration');
      const email = uniqueEmail('photo');
      await page.getByLabel('Name').fill('Photo Tester');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: false }).fill('Newsroom1');
      const photoError = page.getByTestId('photo-error');

      await page.locator('#reg-photo').setInputFiles(tooLarge);
      await expect.poll(() => photoError.textContent()).toBe(TOO_LARGE);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect.poll(() => photoError.textContent()).toBe(TOO_LARGE);
      await checkScreenAtBothSizes(page, 'registration-photo-too-large');

      await page.locator('#reg-photo').setInputFiles(notAnImage);
      await expect.poll(() => photoError.textContent()).toBe(WRONG_TYPE);

      // The server reads the bytes and refuses; its message is shown, with SPEC's 'Registration Failed'.
      await page.locator('#reg-photo').setInputFiles(disguised);
      await expect.poll(() => photoError.count()).toBe(0);
      const refused = page.waitForResponse((r) => r.url().endsWith('/uploads') && r.status() === 415);
      await page.getByRole('button', { name: 'Register' }).click();
      await refused;
      await expect.poll(() => photoError.textContent()).toBe(WRONG_TYPE);
      await toast(page, 'Registration Failed').waitFor();

      expect(new URL(page.url()).pathname).toBe('/registration');
      expect(await page.getByLabel('Name').inputValue()).toBe('Photo Tester');
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      expect(await page.getByLabel('Password', { exact: false }).inputValue()).toBe('Newsroom1');
    } finally {
      await context.close();
    }
  });

  it('add article: a too large image is said under Upload Image and nothing is posted', async () => {
    const writer = await freshUser(browser(), 'bigimage');
    const { page } = writer;
    try {
      await goto(page, '/add-articles');
      await page.getByRole('heading', { name: 'add article' }).waitFor();
      await page.getByLabel('Title').fill('A story with a huge picture');
      await page.getByLabel('Upload Image').setInputFiles(tooLarge);
      await page.getByText(TOO_LARGE).waitFor();
      await page.getByRole('button', { name: 'Submit Article' }).click();
      await page.getByText(TOO_LARGE).waitFor();
      expect(new URL(page.url()).pathname).toBe('/add-articles');
      expect(await page.getByLabel('Title').inputValue()).toBe('A story with a huge picture');
      await expectAccessibleInBothThemes(page, 'add article, image too large');
    } finally {
      await writer.context.close();
    }
  });
});

it("a declined card: Stripe's own message under the card field, and the form can be used again", async () => {
  const account = await createEmulatorAccount('declined');
  const { context, page } = await newPage(browser(), { theme: 'light' });
  try {
    await serveStripeJsStandIn(page, stripeApiBase);
    await login(page, account);
    await goto(page, '/subscription');
    await page.getByRole('option', { name: '5 days — $5' }).waitFor({ state: 'attached' });
    await page.getByLabel('Choose a plan').selectOption({ label: '5 days — $5' });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/payment');
    const pay = page.getByRole('button', { name: /Pay \$5/ });
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await pay.click();
    const error = page.getByTestId('payment-error');
    await expect.poll(() => error.textContent()).toBe('Your card was declined.');
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/payment');
    expect(
      await apiGet<boolean>(`/isPremium?email=${encodeURIComponent(account.email)}`, await apiToken(account)),
    ).toBe(false);
    await checkScreenAtBothSizes(page, 'payment-declined');
    // A new card number clears the old verdict.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await expect.poll(() => error.count()).toBe(0);
  } finally {
    await context.close();
  }
});

it('admin: a taken publisher name is said under the name, and a failed send keeps the form', async () => {
  const { page } = admin();
  const [existing] = await apiGet<{ publisherName: string }[]>('/publisher-data');
  await goto(page, '/dashboard/add-publisher');
  const name = page.getByLabel('Publisher name');
  await name.fill(existing!.publisherName);
  await page.getByLabel('Logo').setInputFiles(pngFile('duplicate-logo.png'));
  await page.getByRole('button', { name: 'Add Publisher' }).click();
  await page.getByText('A publisher with this name already exists').waitFor();
  expect(await name.inputValue()).toBe(existing!.publisherName);
  expect(await name.getAttribute('aria-invalid')).toBe('true');
  await checkScreenAtBothSizes(page, 'admin-add-publisher-duplicate');

  // No network: said under the form, nothing typed is lost.
  const addPublisher = apiPath('/add-publishers');
  await page.route(addPublisher, (route) => route.abort());
  await name.fill(uniqueTitle('Offline Gazette').slice(0, 40));
  await page.getByRole('button', { name: 'Add Publisher' }).click();
  await page.getByRole('alert').filter({ hasText: OFFLINE }).waitFor();
  expect(await name.inputValue()).toMatch(/^Offline Gazette/);
  await page.unroute(addPublisher);
});

it('an update refused because the admin declined the article meanwhile is said in the dialog', async () => {
  const writer = await freshUser(browser(), 'raced');
  const { page } = writer;
  try {
    const title = uniqueTitle('Council votes on the harbour plan');
    await postArticle(page, { title });
    const row = myArticleRow(page, title);
    const href = await row.getByRole('link', { name: `Details of ${title}` }).getAttribute('href');
    const id = href!.split('/').pop()!;

    await row.getByRole('button', { name: `Update ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Article' });
    await dialog.waitFor();
    await dialog.getByLabel('Title').fill(`${title} (revised)`);

    // Meanwhile the admin declines it.
    const res = await fetch(`${apiUrl}/article/decline/${id}`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await apiToken(admin().account)}`,
      },
      body: JSON.stringify({ decliningReason: 'Needs sources' }),
    });
    expect(res.status).toBe(200);

    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    const refusal = dialog.getByTestId('update-error');
    await expect.poll(() => refusal.textContent()).toBe('A declined article cannot be updated');
    expect(await dialog.getByLabel('Title').inputValue()).toBe(`${title} (revised)`);
    await expectAccessibleInBothThemes(page, 'update refused dialog');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await screenshot(page, `update-refused-dialog-desktop-${theme}`);
    }
    await setTheme(page, 'light');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await row.getByText('Declined', { exact: true }).waitFor();

    // Deleting with the network gone: a toast says so, the article stays.
    await page.route(apiPath(`/my-articles/${id}`), (route) => route.abort());
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await expectSwal(page, 'Are you sure?');
    await toast(page, OFFLINE).waitFor();
    await toastScreenshots(page, OFFLINE, 'network-error-toast');
    expect(await row.count()).toBe(1);
  } finally {
    await writer.context.close();
  }
});

it('no network: All Articles says so where the list would be, and "Try again" loads it', async () => {
  const { context, page } = await newPage(browser(), { theme: 'light' });
  const approved = apiPath('/all-articles/approved');
  try {
    await page.route(approved, (route) => route.abort());
    await reachByNavigation(page, 'All Articles');
    const failure = page.getByTestId('load-error');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('We could not load the articles.');
    expect(await failure.textContent()).toContain(OFFLINE);
    await checkScreenAtBothSizes(page, 'load-error-offline', () => failure.waitFor());

    await page.unroute(approved);
    await failure.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('article-card').first().waitFor();
    expect(await failure.count()).toBe(0);
  } finally {
    await context.close();
  }
});

it("429: a refused load and a refused save say 'Too many requests' (or the server's words)", async () => {
  const reader = await freshUser(browser(), 'limited');
  const { page, account } = reader;
  const approved = apiPath('/all-articles/approved');
  try {
    await page.route(approved, answer(429, '', { 'retry-after': '60' }));
    await reachByNavigation(page, 'All Articles');
    const failure = page.getByTestId('load-error');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('Too many requests, please try again later');
    await expectAccessibleInBothThemes(page, 'all articles, 429');
    await page.unroute(approved);

    // The profile dialog closes whatever happens (SPEC); the server's reason comes as a toast.
    const message = 'Too many profile updates, please wait a minute';
    await page.route(apiPath(`/users/${encodeURIComponent(account.email)}`), (route) =>
      route.request().method() === 'PATCH' ? answer(429, { message })(route) : route.fallback(),
    );
    await goto(page, '/user-dashboard/my-profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Profile' });
    await dialog.getByLabel('Address').fill('1 Harbour Road');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await toast(page, message).waitFor();
    await toastScreenshots(page, message, 'rate-limited-toast');
    await expectAccessibleInBothThemes(page, 'profile, 429 toast');
  } finally {
    await reader.context.close();
  }
});

describe('a render crash shows our error screen', () => {
  const trending = apiPath('/articles/trending');
  // An answer of the wrong shape (an object where a list belongs) makes the home page throw.
  const wrongShape = answer(200, { unexpected: true });

  it('"Home" and "Try again" both lead back to a working page', async () => {
    const { context, page } = await newPage(browser(), { theme: 'light' });
    try {
      await page.route(trending, wrongShape);
      await reachByNavigation(page, 'Home');
      const heading = page.getByRole('heading', { name: 'Something went wrong' });
      await heading.waitFor();
      expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
      await checkScreenAtBothSizes(page, 'render-crash', () => heading.waitFor());

      await page.unroute(trending);
      await page.getByRole('link', { name: 'Home', exact: true }).click();
      await page.getByTestId('trending-carousel').waitFor();

      await page.route(trending, wrongShape);
      await reachByNavigation(page, 'Home');
      await heading.waitFor();
      await page.unroute(trending);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByTestId('trending-carousel').waitFor();
      expect(await heading.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
