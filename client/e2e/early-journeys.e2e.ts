/**
 * Nothing a person does while the page loads is lost (issue 33): they choose a photo, type, tap the
 * form's button or press Enter as soon as the page shows the form, and each journey ends where they
 * asked to go, with nothing of what they typed in any address. Each journey runs twice: with every
 * script file of the app held back (a slow phone: the person acts before the app has run), and at
 * full speed, acting at once while the app takes the page over (where the races are).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solidPng } from './fixtures/make-png';
import {
  apiGet,
  createEmulatorAccount,
  DESKTOP,
  MOBILE,
  newPage,
  sharedBrowser,
  uniqueEmail,
  webUrl,
} from './harness';
import { addressesOf, appPending, documentsOf, holdAppCode } from './slow-phone';
import { apiToken, freshUser, myArticleRow, pngFile, swalDialog, uniqueTitle } from './writer-admin-fixtures';

const browser = sharedBrowser();

const speeds = [
  { speed: 'every script file held back', held: true },
  { speed: 'at full speed', held: false },
] as const;

/**
 * Opens `route` the way a person sees it: they act as soon as what they reach for is on the page,
 * the app's code may still be on its way (the page's response has only begun to arrive).
 */
async function open(page: Page, route: string, held: boolean): Promise<void> {
  if (held) await holdAppCode(page);
  await page.goto(`${webUrl}${route}`, { waitUntil: 'commit' });
}

/** The password (nor its URL-encoded form) is in no address the page used. */
function expectPasswordInNoAddress(addresses: string[], password: string): void {
  for (const address of addresses)
    for (const secret of [password, encodeURIComponent(password)])
      expect(address, 'an address the page used').not.toContain(secret);
}

/** 'done' once `done` (what the person asked for) has happened, or what the form says is wrong. */
async function doneOrTold(page: Page, done: Promise<unknown>): Promise<string> {
  const alert = page.locator('form [role="alert"]').first();
  return Promise.race([
    done.then(() => 'done'),
    alert.waitFor({ timeout: 60_000 }).then(async () => `told: ${await alert.textContent()}`),
  ]);
}

describe.each(speeds)('$speed', ({ held }) => {
  it('registering with a photo chosen first: the account is made with that photo', async () => {
    const { context, page } = await newPage(browser(), { viewport: MOBILE, theme: 'light' });
    const addresses = addressesOf(page);
    const documents = documentsOf(page);
    const email = uniqueEmail('early-photo');
    const password = 'Early1234';
    await open(page, '/registration', held);
    await page
      .locator('#reg-photo')
      .setInputFiles({ name: 'my-profile-picture-2026.png', mimeType: 'image/png', buffer: solidPng() });
    await page.getByLabel('Name').pressSequentially('Early Photo Reader');
    await page.getByLabel('Email').pressSequentially(email);
    await page.getByLabel('Password').pressSequentially(password);
    if (held) expect(await appPending(page), 'the app has not run yet').toBe(true);
    await page.getByRole('button', { name: 'Register' }).click();

    // Registered and signed in, on the home page, with the photo chosen as the account's picture
    // (not told that a (*) field is missing).
    const home = page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
    expect(await doneOrTold(page, home)).toBe('done');
    const avatar = page.getByTestId('avatar-button').locator('img');
    await avatar.waitFor({ timeout: 30_000 });
    expect(await avatar.getAttribute('src')).toMatch(/\/uploads\/[0-9a-f]{32}--\d+x\d+\.(png|jpg)$/);
    // The page was loaded once and never sent anywhere: the app registered, the browser sent no form.
    expect(documents).toEqual([`GET ${webUrl}/registration`]);
    expectPasswordInNoAddress(addresses, password);
    await context.close();
  });

  it('adding an article with its image chosen first: the article is submitted', async () => {
    const { context, page, account } = await freshUser(browser(), 'early-writer', { viewport: DESKTOP });
    const documents = documentsOf(page);
    const title = uniqueTitle('Ferry timetables return to the harbour board');
    await open(page, '/add-articles', held);
    // As early as the page allows: the moment the form is there.
    await page.getByLabel('Upload Image').setInputFiles(pngFile('early-cover-image.png'));
    await page.getByLabel('Title').pressSequentially(title);
    const publisher = page.getByLabel('Publisher');
    await publisher.selectOption(
      (await publisher.locator('option:not([disabled])').first().getAttribute('value')) ?? '',
    );
    await page.getByLabel('Tags').pressSequentially('technology');
    await page.keyboard.press('Enter');
    await page.getByLabel('Description').fill(`Body of ${title}.`);
    await page.getByRole('button', { name: 'Submit Article' }).click();

    const submitted = swalDialog(page)
      .getByText('Your article has been submited')
      .waitFor({ timeout: 60_000 });
    expect(await doneOrTold(page, submitted)).toBe('done');
    await swalDialog(page).locator('.swal2-confirm').click();
    await page.waitForURL('**/my-articles');
    await myArticleRow(page, title).getByText('Pending').waitFor();
    // Posted once, with the image and the tag the writer chose.
    const mine = await apiGet<Array<{ articleTitle: string; articleImage: string; Tags: string[] }>>(
      `/articles/${encodeURIComponent(account.email)}`,
      await apiToken(account),
    );
    const posted = mine.filter((a) => a.articleTitle === title);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.articleImage).toMatch(/\/uploads\/[0-9a-f]{32}--/);
    expect(posted[0]!.Tags).toEqual(['technology']);

    expect(documents).toEqual([`GET ${webUrl}/add-articles`]);
    await context.close();
  });

  it('changing the profile photo as soon as My Profile allows: the new photo is the account’s', async () => {
    const { context, page } = await freshUser(browser(), 'early-profile', { viewport: DESKTOP });
    const documents = documentsOf(page);
    await open(page, '/user-dashboard/my-profile', held);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Profile' });
    await dialog.getByRole('button', { name: 'Change Image' }).click();
    await dialog.getByLabel('New photo').setInputFiles(pngFile('early-portrait.png', [190, 24, 93]));
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();

    await swalDialog(page).getByText('Your article has been Updataed').waitFor({ timeout: 60_000 });
    await swalDialog(page).locator('.swal2-confirm').click();
    await expect
      .poll(() => page.getByTestId('avatar-button').locator('img').getAttribute('src'), { timeout: 30_000 })
      .toMatch(/\/uploads\/[0-9a-f]{32}--\d+x\d+\.(png|jpg)$/);
    expect(documents).toEqual([`GET ${webUrl}/user-dashboard/my-profile`]);
    await context.close();
  });

  it('a search sent with Enter lists only what matches; no form is sent by the browser', async () => {
    const approved = await apiGet<Array<{ articleTitle: string }>>('/all-articles/approved?page=1&limit=20');
    const word = approved[approved.length - 1]!.articleTitle.split(/\s+/).find((w) => w.length >= 5)!;
    const { context, page } = await newPage(browser(), { viewport: DESKTOP, theme: 'dark' });
    const documents = documentsOf(page);
    await open(page, '/all-articles', held);
    const search = page.getByLabel('Search');
    await search.pressSequentially(word);
    await search.press('Enter');
    if (held) expect(await appPending(page), 'the app has not run yet').toBe(true);

    const titles = page.getByTestId('article-grid').getByRole('heading');
    await expect
      .poll(
        async () => {
          const shown = await titles.allTextContents();
          return shown.length > 0 && shown.every((t) => t.toLowerCase().includes(word.toLowerCase()));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await search.inputValue()).toBe(word);
    // The page was loaded once and never sent anywhere: the app searched, the browser did not.
    expect(documents).toEqual([`GET ${webUrl}/all-articles`]);
    expect(page.url()).toBe(`${webUrl}/all-articles`);
    await context.close();
  });

  it('a tap on Login signs in; no form is sent by the browser, the password in no address', async () => {
    const account = await createEmulatorAccount('early-login');
    const { context, page } = await newPage(browser(), { viewport: MOBILE, theme: 'dark' });
    const addresses = addressesOf(page);
    const documents = documentsOf(page);
    await open(page, '/login', held);
    await page.getByLabel('Email').pressSequentially(account.email);
    await page.getByLabel('Password').pressSequentially(account.password);
    if (held) expect(await appPending(page), 'the app has not run yet').toBe(true);
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    await page.getByTestId('avatar-button').waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(documents).toEqual([`GET ${webUrl}/login`]);
    expectPasswordInNoAddress(addresses, account.password);
    await context.close();
  });
});
