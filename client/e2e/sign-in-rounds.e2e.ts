/**
 * Signing in or registering before the app has run costs at most one round of script loading after
 * the app's entry (issue 33, item 3; docs/decisions/first-screen-hints.md): /login and /registration
 * announce everything the submit needs, so on a slow phone (every script file held back) the person is
 * signed in about one hold after the page's code, not after a chain of lazily loaded chunks. The
 * writer's screens opened from a link (Add Article, My Profile) announce their code the same way.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solidPng } from './fixtures/make-png';
import { createEmulatorAccount, MOBILE, newPage, sharedBrowser, uniqueEmail, webUrl } from './harness';
import { appPending, HOLD_MS, holdAppCode, scriptRequests } from './slow-phone';
import { fillAddArticleForm, freshUser, pngFile, swalDialog, uniqueTitle } from './writer-admin-fixtures';

const browser = sharedBrowser();

/**
 * The entry's round of holding and one more, plus the sign-in's own work (Auth emulator, API) on a busy
 * machine; a chain of lazy chunks (three or four rounds before) takes longer.
 */
const SIGNED_IN_WITHIN_MS = 3 * HOLD_MS;

/** Opens `route` with every script file held back; the person acts as soon as the form shows. */
async function openHeld(page: Page, route: string) {
  await holdAppCode(page);
  const requests = scriptRequests(page);
  const start = Date.now();
  await page.goto(`${webUrl}${route}`, { waitUntil: 'commit' });
  return { requests, start };
}

/** Until the signed-in menu shows; how long after opening the page, and the rounds of scripts meanwhile. */
async function signedIn(page: Page, opened: Awaited<ReturnType<typeof openHeld>>) {
  await page.getByTestId('avatar-button').waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => Boolean(localStorage.getItem('token')), null, { timeout: 60_000 });
  const done = Date.now();
  const rounds = opened.requests.rounds(done);
  return {
    ms: done - opened.start,
    rounds: `${rounds.length} rounds of scripts, the entry's included: ${rounds.map((r) => r.join(' ')).join(' | ')}`,
  };
}

describe(`every script file held back ${HOLD_MS} ms`, () => {
  it('a Login tapped before the app runs signs in within one round of scripts after the entry', async () => {
    const account = await createEmulatorAccount('rounds-login');
    const { context, page } = await newPage(browser(), { viewport: MOBILE });
    const opened = await openHeld(page, '/login');
    await page.getByLabel('Email').pressSequentially(account.email);
    await page.getByLabel('Password').pressSequentially(account.password);
    expect(await appPending(page), 'the app has not run yet').toBe(true);
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    const { ms, rounds } = await signedIn(page, opened);
    console.log(`[sign-in rounds] login: signed in after ${ms} ms; ${rounds}`);
    expect(ms, `signed in within ${SIGNED_IN_WITHIN_MS} ms (${rounds})`).toBeLessThan(SIGNED_IN_WITHIN_MS);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('a Register tapped before the app runs signs in within one round of scripts after the entry', async () => {
    const { context, page } = await newPage(browser(), { viewport: MOBILE });
    const opened = await openHeld(page, '/registration');
    await page
      .locator('#reg-photo')
      .setInputFiles({ name: 'rounds.png', mimeType: 'image/png', buffer: solidPng() });
    await page.getByLabel('Name').pressSequentially('Rounds Reader');
    await page.getByLabel('Email').pressSequentially(uniqueEmail('rounds-register'));
    await page.getByLabel('Password').pressSequentially('Rounds1234');
    expect(await appPending(page), 'the app has not run yet').toBe(true);
    await page.getByRole('button', { name: 'Register' }).click();

    const { ms, rounds } = await signedIn(page, opened);
    console.log(`[sign-in rounds] registration: signed in after ${ms} ms; ${rounds}`);
    expect(ms, `signed in within ${SIGNED_IN_WITHIN_MS} ms (${rounds})`).toBeLessThan(SIGNED_IN_WITHIN_MS);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});

describe(`a writer's screens opened from a link, every script file held back ${HOLD_MS} ms`, () => {
  /** How long after opening the page `done` came, and the rounds of scripts meanwhile. */
  const measured = async (opened: Awaited<ReturnType<typeof openHeld>>, done: Promise<unknown>) => {
    await done;
    const at = Date.now();
    const rounds = opened.requests.rounds(at);
    return {
      ms: at - opened.start,
      rounds: `${rounds.length} rounds of scripts, the entry's included: ${rounds.map((r) => r.join(' ')).join(' | ')}`,
    };
  };

  it('Add Article: the whole form, tags control included, and the post within one round after the entry', async () => {
    const { context, page } = await freshUser(browser(), 'rounds-writer', { viewport: MOBILE });
    const opened = await openHeld(page, '/add-articles');
    await fillAddArticleForm(page, { title: uniqueTitle('Rounds of the harbour ferry'), imageName: 'r.png' });
    await page.getByRole('button', { name: 'Submit Article' }).click();
    const submitted = swalDialog(page)
      .getByText('Your article has been submited')
      .waitFor({ timeout: 60_000 });
    const { ms, rounds } = await measured(opened, submitted);
    console.log(`[writer rounds] add article: submitted after ${ms} ms; ${rounds}`);
    expect(ms, `submitted within ${SIGNED_IN_WITHIN_MS} ms (${rounds})`).toBeLessThan(SIGNED_IN_WITHIN_MS);
    await context.close();
  });

  it('My Profile: Edit Profile and a new photo saved within one round after the entry', async () => {
    const { context, page } = await freshUser(browser(), 'rounds-profile', { viewport: MOBILE });
    const opened = await openHeld(page, '/user-dashboard/my-profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Profile' });
    await dialog.getByRole('button', { name: 'Change Image' }).click();
    await dialog.getByLabel('New photo').setInputFiles(pngFile('rounds-portrait.png', [24, 93, 190]));
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    const saved = swalDialog(page).getByText('Your article has been Updataed').waitFor({ timeout: 60_000 });
    const { ms, rounds } = await measured(opened, saved);
    console.log(`[writer rounds] my profile: saved after ${ms} ms; ${rounds}`);
    expect(ms, `saved within ${SIGNED_IN_WITHIN_MS} ms (${rounds})`).toBeLessThan(SIGNED_IN_WITHIN_MS);
    await context.close();
  });
});
