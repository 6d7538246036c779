/**
 * Keyboard alone (issue 23): no mouse event at all. Signing in by Tab and Enter with a visible focus
 * at every step, and a dialog opened from the keyboard that keeps the focus inside and gives it back.
 */
import type { FileChooser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiCall } from './api-as';
import { apiGet, createEmulatorAccount, DEMO, goto, newPage, sharedBrowser, type Account } from './harness';
import { apiToken, pngFile, sharedAdmin, uniqueTitle } from './writer-admin-fixtures';
import { serveStripeJsStandIn } from './stripe-js-standin';

const browser = sharedBrowser();
const admin = sharedAdmin(browser);
const stripeApiBase = inject('stripeApiBase');

/** What has the focus: its accessible-ish name, and whether the focus is drawn (outline or ring). */
async function focused(
  page: Page,
): Promise<{ name: string; visible: boolean; inDialog: boolean; looks: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '(body)', visible: false, inDialog: false, looks: '' };
    const drawn = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return (
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
      );
    };
    // A control drawn by its box: the file field's and the tag selector's ring is on the box around them.
    const box = el.closest('.tag-select__control, [class*="focus-within:ring"]');
    const visible = drawn(el) || (box !== null && box !== el && drawn(box));
    const label =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
      (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el.getAttribute('placeholder') : null) ??
      el.textContent;
    const style = getComputedStyle(el);
    const looks = `${el.outerHTML.slice(0, 120)} outline ${style.outlineStyle} ${style.outlineWidth}, shadow ${style.boxShadow}`;
    return { name: (label ?? '').trim(), visible, inDialog: el.closest('dialog[open]') !== null, looks };
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focus is on `name`, checking at every stop that the
 * focus is drawn. Fails after `max` presses: a control the keyboard cannot reach.
 */
async function tabTo(page: Page, name: string | RegExp, { max = 80, back = false } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (now.name === '(body)') continue;
    seen.push(now.name);
    expect(now.visible, `focus drawn on ${now.name}: ${now.looks}`).toBe(true);
    if (typeof name === 'string' ? now.name === name : name.test(now.name)) return;
  }
  throw new Error(`Tab never reached ${String(name)}; stops: ${seen.join(' | ')}`);
}

/** Signs in on /login with the keyboard alone. */
async function signInByKeyboard(page: Page, account: Account): Promise<void> {
  await goto(page, '/login');
  await tabTo(page, 'Email');
  await page.keyboard.type(account.email);
  await tabTo(page, 'Password');
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await page.getByText('Login successful').waitFor();
  await page.getByTestId('avatar-button').waitFor();
}

/** The SweetAlert on show has the focus on its confirm button; Enter closes it. */
async function confirmSwal(page: Page, title: string): Promise<void> {
  await page.locator('.swal2-title', { hasText: title }).waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.classList.contains('swal2-confirm')))
    .toBe(true);
  await page.keyboard.press('Enter');
  await page.locator('.swal2-container').waitFor({ state: 'detached' });
}

/** Posts an article from /add-articles with the keyboard alone, its image picked in the file chooser. */
async function postByKeyboard(page: Page, title: string): Promise<void> {
  // Listened for from the start: Playwright takes over the browser's file chooser only once asked to.
  const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
  await goto(page, '/add-articles');
  await page.getByRole('heading', { name: 'add article' }).waitFor();
  await tabTo(page, 'Title');
  await page.keyboard.type(title);
  await tabTo(page, 'Upload Image');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('file');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(pngFile('kbd.png'));
  await page.getByText('kbd.png', { exact: true }).waitFor();
  await tabTo(page, 'Publisher');
  await page.keyboard.press('ArrowDown');
  expect(await page.getByLabel('Publisher').inputValue()).not.toBe('');
  await tabTo(page, 'Tags');
  await page.keyboard.type('techno');
  await page.keyboard.press('Enter');
  await page.locator('.tag-select__multi-value', { hasText: 'Technology' }).waitFor();
  await tabTo(page, 'Description');
  await page.keyboard.type('Written and sent without a mouse.');
  await tabTo(page, 'Submit Article');
  await page.keyboard.press('Enter');
  await confirmSwal(page, 'Submited');
  await page.waitForURL('**/my-articles');
}

describe('keyboard only', () => {
  it('signs in with Tab and Enter; the skip link comes first and every stop shows its focus', async () => {
    const { context, page } = await newPage(browser());
    await goto(page, '/login');
    await page.getByLabel('Email').waitFor();
    const stops: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.visible, `focus drawn on ${now.name}`).toBe(true);
      stops.push(now.name);
      if (now.name === 'Email') break;
    }
    expect(stops.at(-1)).toBe('Email');
    await page.keyboard.type(DEMO.reader.email);
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Password');
    await page.keyboard.type(DEMO.reader.password);
    await page.keyboard.press('Enter');
    await page.getByText('Login successful').waitFor();
    await page.getByTestId('avatar-button').waitFor();

    // The first stop of a page is the skip link, and it leads to the main content.
    await goto(page, '/all-articles');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => window.location.hash)).toBe('#main');
    await context.close();
  });

  it('a dialog opened with Enter keeps the focus inside and gives it back on Escape', async () => {
    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const read = page.getByRole('button', { name: /^Read: / }).first();
    await read.waitFor();
    const opener = await read.getAttribute('aria-label');
    await read.focus(); // the keyboard's way there is Tab; focusing it directly keeps the test short
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    // A native modal dialog: the page behind is inert. Past its last control the focus goes to the
    // browser's own controls (the document then has none focused) and comes back to the dialog; it
    // never lands on anything of the page behind.
    let inside = 0;
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (now.name === '(body)') continue;
      expect(now.inDialog, `Tab ${i + 1} stays in the dialog (at ${now.name})`).toBe(true);
      expect(now.visible, `focus drawn on ${now.name}`).toBe(true);
      inside++;
    }
    expect(inside).toBeGreaterThan(6);
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    expect((await focused(page)).name).toBe(opener);
  });
  it('a writer posts an article with an image; an admin approves one and declines another with a reason', async () => {
    const titles = [uniqueTitle('Keyboard approve'), uniqueTitle('Keyboard decline')];
    for (const title of titles) {
      const { context, page } = await newPage(browser(), { theme: 'light' });
      await signInByKeyboard(page, await createEmulatorAccount('kbd-writer'));
      await postByKeyboard(page, title);
      await page.locator(`th[title="${title}"]`).waitFor();
      await context.close();
    }

    const { context, page } = await newPage(browser(), { theme: 'dark' });
    await signInByKeyboard(page, DEMO.admin);
    await goto(page, '/dashboard/all-articles-admin');
    await page.getByRole('button', { name: `Read: ${titles[0]}` }).waitFor();
    // Approve: open the article's dialog from its row, Tab to Approve.
    await tabTo(page, `Read: ${titles[0]}`);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await tabTo(page, 'Approve');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByTestId('preview-done').textContent()).toBe('Approved');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    expect((await focused(page)).name).toBe(`Read: ${titles[0]}`);

    // Decline: the reason field takes the focus; an empty reason is refused, then one is typed.
    await tabTo(page, `Read: ${titles[1]}`);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, 'Decline');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).name).toMatch(/Reason for declining/);
    await tabTo(page, 'Decline article');
    await page.keyboard.press('Enter');
    await dialog.getByText('A reason is required').waitFor();
    await tabTo(page, /Reason for declining/, { back: true });
    await page.keyboard.type('Name your sources, please.');
    await tabTo(page, 'Decline article');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByTestId('preview-done').textContent()).toBe('Declined');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    expect((await focused(page)).name).toBe(`Read: ${titles[1]}`);
    await context.close();
  });

  it('on a slow CPU, the focus comes back to the approved article’s Read after Escape', async () => {
    // Pending articles posted through the API (setup); the approval is made with the keyboard.
    const [sample] = await apiGet<{ articleImage: string; publisher: string }[]>(
      '/all-articles/approved?limit=50',
    );
    const token = await apiToken(DEMO.admin);
    const titles = [uniqueTitle('Slow approve'), uniqueTitle('Slow stays')];
    for (const title of titles)
      await apiCall('POST', `/articles?email=${encodeURIComponent(DEMO.admin.email)}`, token, {
        title,
        photoURL: sample!.articleImage,
        publisher: sample!.publisher,
        formatedTags: ['art'],
        description: 'Approved on a slow machine.',
      });
    const { page } = admin();
    // A phone-like CPU: the table's refetch after the approval and the dialog's answer land in any order.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    try {
      await goto(page, '/dashboard/all-articles-admin');
      const read = page.getByRole('button', { name: `Read: ${titles[0]}` });
      await read.waitFor();
      await read.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await tabTo(page, 'Approve');
      // A busy API answers the dialog's re-read of the article after the table's re-read of the list.
      await page.route('**/article/data/*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue().catch(() => {});
      });
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog.getByTestId('preview-done').textContent()).toBe('Approved');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
      expect((await focused(page)).name).toBe(`Read: ${titles[0]}`);
    } finally {
      await page.unroute('**/article/data/*');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
  });

  it("a writer's dialogs (update, delete, profile) open with Enter, hold the focus, and give it back on Escape", async () => {
    const { context, page } = await newPage(browser(), { theme: 'light' });
    await signInByKeyboard(page, await createEmulatorAccount('kbd-dialogs'));
    const title = uniqueTitle('Keyboard dialogs');
    await postByKeyboard(page, title);

    for (const [opener, inside] of [
      [`Update ${title}`, 'Title'],
      [`Delete ${title}`, null],
    ] as const) {
      await tabTo(page, opener);
      await page.keyboard.press('Enter');
      if (inside) {
        await page.getByRole('dialog').waitFor();
        await tabTo(page, inside);
        expect((await focused(page)).inDialog).toBe(true);
      } else {
        // SweetAlert's confirm: the focus is on its buttons, never on the page behind.
        await page.locator('.swal2-popup').waitFor();
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.closest('.swal2-popup') !== null))
          .toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('dialog[open], .swal2-popup').count()).toBe(0);
      await expect.poll(async () => (await focused(page)).name).toBe(opener);
    }
    // Nothing was deleted by the Escape.
    await page.locator(`th[title="${title}"]`).waitFor();

    await goto(page, '/user-dashboard/my-profile');
    await tabTo(page, 'Edit Profile');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await tabTo(page, 'Full name');
    expect((await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    expect((await focused(page)).name).toBe('Edit Profile');
    await context.close();
  });

  it('a reader chooses a plan and reaches the card field with the keyboard alone', async () => {
    const { context, page } = await newPage(browser(), { theme: 'dark' });
    await serveStripeJsStandIn(page, stripeApiBase);
    await signInByKeyboard(page, await createEmulatorAccount('kbd-buyer'));
    await goto(page, '/subscription');
    await page.getByRole('option', { name: '10 days — $10' }).waitFor({ state: 'attached' });
    await tabTo(page, 'Choose a plan');
    // Closed, a select steps through its options with the arrow keys.
    for (let i = 0; i < 5; i++) {
      const label = await page
        .getByLabel('Choose a plan')
        .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text);
      if (label === '10 days — $10') break;
      await page.keyboard.press('ArrowDown');
    }
    await tabTo(page, 'Continue to payment');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/payment');
    await expect.poll(() => page.getByRole('button', { name: /Pay \$10/ }).isEnabled()).toBe(true);
    await tabTo(page, 'Card number');
    await page.keyboard.type('4242424242424242');
    await tabTo(page, /Pay \$10/);
    await context.close();
  });
  it('a toast is announced without taking the focus; form errors are tied to their fields and read out', async () => {
    const { context, page } = await newPage(browser());
    await signInByKeyboard(page, await createEmulatorAccount('kbd-errors'));
    const region = await page.getByText('Login successful').evaluate((el) => {
      const live = el.closest('[aria-live]');
      return {
        live: live?.getAttribute('aria-live'),
        role: live?.getAttribute('role'),
        hasFocus: live?.contains(document.activeElement) ?? false,
      };
    });
    expect(region).toEqual({ live: 'polite', role: 'status', hasFocus: false });

    await goto(page, '/user-dashboard/my-profile');
    await tabTo(page, 'Edit Profile');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await tabTo(page, 'Phone');
    await page.keyboard.type('call me maybe');
    await tabTo(page, 'Update');
    await page.keyboard.press('Enter');
    const phone = page.getByRole('dialog').getByLabel('Phone');
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    // The error is the field's description, and an alert (read out as it appears).
    const described = await phone.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id))
        .map((el) => ({ text: Boolean(el?.textContent), role: el?.getAttribute('role') })),
    );
    expect(described).toEqual([{ text: true, role: 'alert' }]);
    await context.close();
  });
});
