/**
 * Keyboard alone (issue 23): no mouse event at all. Signing in by Tab and Enter with a visible focus
 * at every step, and a dialog opened from the keyboard that keeps the focus inside and gives it back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, goto, newPage, sharedBrowser } from './harness';
import { sharedAdmin } from './writer-admin-fixtures';

const browser = sharedBrowser();
const admin = sharedAdmin(browser);

/** What has the focus: its accessible-ish name, and whether the focus is drawn (outline or ring). */
async function focused(page: Page): Promise<{ name: string; visible: boolean; inDialog: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '(body)', visible: false, inDialog: false };
    const style = getComputedStyle(el);
    const visible =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    const label =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
      el.textContent;
    return { name: (label ?? '').trim(), visible, inDialog: el.closest('dialog[open]') !== null };
  });
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
});
