/**
 * Subscriptions that renew, in Chromium: from Home's plan card to a paid Monthly subscription, the
 * billing page (access, card, payments), cancel and resume, and an admin's refund taking premium back
 * in the reader's open tab. Stripe's API is the loopback test server (its webhooks reach every stack),
 * Stripe.js the stand-in (stripe-js-standin.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, goto, MOBILE, screenshot, setTheme, sharedBrowser } from './harness';
import { serveStripeJsStandIn } from './stripe-js-standin';
import { expectSwal, freshAdmin, freshUser, swalDialog } from './writer-admin-fixtures';

const stripeApiBase = inject('stripeApiBase');
const browser = sharedBrowser();

const sessionToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const access = (page: Page) => page.getByTestId('access-summary');

async function subscribeMonthlyFromHome(page: Page): Promise<void> {
  await serveStripeJsStandIn(page, stripeApiBase);
  await goto(page, '/');
  await page.getByRole('link', { name: 'Choose Monthly' }).click();
  await page.waitForURL('**/subscription?plan=monthly');
  const monthly = page.getByRole('radio', { name: /Monthly/ });
  await expect.poll(() => monthly.isChecked(), { message: "Home's card preselects Monthly" }).toBe(true);
  await page.getByRole('button', { name: 'Continue to card details' }).click();
  await page.waitForURL('**/payment?plan=monthly');
  const subscribe = page.getByRole('button', { name: 'Subscribe for $10 a month' });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expect.poll(() => subscribe.isEnabled()).toBe(true);
  await subscribe.click();
  await page.waitForURL('**/user-dashboard/billing');
}

describe('subscriptions that renew', () => {
  it("Home's Monthly card → card → billing page with renewal, card and payment; cancel, then resume", async () => {
    const reader = await freshUser(browser(), 'subscriber');
    const { page } = reader;
    try {
      await subscribeMonthlyFromHome(page);
      await expect.poll(() => access(page).textContent(), { timeout: 15_000 }).toMatch(/Premium until/);
      expect(await access(page).textContent()).toMatch(/from your subscription/);
      expect(await access(page).textContent()).toMatch(/Monthly subscription: renews on/);
      await page.getByText('Visa ending in 4242').waitFor();
      const payments = page.getByRole('table');
      await expect.poll(() => payments.textContent()).toMatch(/\$10/);
      expect(await payments.textContent()).toMatch(/Paid/i);

      // The server agrees: premium from the subscription, and the premium list opens.
      expect(
        await apiGet<boolean>(
          `/isPremium?email=${encodeURIComponent(reader.account.email)}`,
          await sessionToken(page),
        ),
      ).toBe(true);

      // Cancel at period end: the confirmation says until when premium lasts.
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect
        .poll(() => swalDialog(page).locator('.swal2-html-container').textContent())
        .toMatch(/^Premium lasts until .+\. Nothing more will be charged/);
      await expectSwal(page, 'Cancel your subscription?');
      await expect.poll(() => access(page).textContent()).toMatch(/cancelled, ends on/);
      expect(await access(page).textContent()).toMatch(/Premium until/);

      await page.getByRole('button', { name: 'Resume subscription' }).click();
      await expect.poll(() => access(page).textContent()).toMatch(/renews on/);
      await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();

      await screenshot(page, 'billing-desktop-light');
      await setTheme(page, 'dark');
      await screenshot(page, 'billing-desktop-dark');
      await page.setViewportSize(MOBILE);
      // On a phone the payments are cards, not a table that scrolls sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'billing-phone-dark');
    } finally {
      await reader.context.close();
    }
  });

  it("an admin's refund takes premium back, and the reader's open billing tab shows it without a reload", async () => {
    const reader = await freshUser(browser(), 'refunded');
    const admin = await freshAdmin(browser());
    try {
      await subscribeMonthlyFromHome(reader.page);
      await expect
        .poll(() => access(reader.page).textContent(), { timeout: 15_000 })
        .toMatch(/Premium until/);

      await goto(admin.page, '/dashboard/all-users');
      await admin.page.getByRole('button', { name: `Refund: E2E Reader` }).first().waitFor();
      // The refunded reader's row (names repeat: every fresh account is "E2E Reader").
      const row = admin.page.getByRole('row').filter({ hasText: reader.account.email });
      await row.getByRole('button', { name: /^Refund/ }).click();
      await admin.page.getByRole('button', { name: /^Refund Subscription/ }).click();
      await expect.poll(() => swalDialog(admin.page).locator('.swal2-title').textContent()).toMatch(/Refund/);
      await swalDialog(admin.page).locator('.swal2-confirm').click();

      // Through Stripe's charge.refunded webhook to the reader's tab, with no reload.
      await expect
        .poll(() => access(reader.page).textContent(), { timeout: 20_000 })
        .toMatch(/No premium access/);
      await expect.poll(() => reader.page.getByRole('table').textContent()).toMatch(/refunded/i);
      expect(
        await apiGet<boolean>(
          `/isPremium?email=${encodeURIComponent(reader.account.email)}`,
          await sessionToken(reader.page),
        ),
      ).toBe(false);
    } finally {
      await reader.context.close();
      await admin.context.close();
    }
  });

  it("a reader's paid subscription shows in the admin's Revenue tab: this month's new subscription and gross", async () => {
    const admin = await freshAdmin(browser());
    const reader = await freshUser(browser(), 'revenue');
    try {
      // Other files pay on this stack at the same time: what this one adds is compared, not totals.
      type Month = { newSubscriptions: number; gross: number };
      const thisMonth = async () =>
        (await apiGet<{ months: Month[] }>('/admin/revenue?months=1', await sessionToken(admin.page)))
          .months[0]!;
      const before = await thisMonth();
      await subscribeMonthlyFromHome(reader.page);
      await expect
        .poll(async () => (await thisMonth()).gross, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(before.gross + 10);

      await goto(admin.page, '/dashboard/revenue');
      // The month by month table, newest first: this month leads.
      const current = admin.page.getByTestId('month-row').first();
      const figure = async (label: string) =>
        (await current.locator(`td[data-label="${label}"]`).textContent()) ?? '';
      /** The first amount in a text ("$1,234.50"). */
      const dollars = (text: string) => Number(/\$([\d,]+\.\d\d)/.exec(text)?.[1]?.replaceAll(',', ''));
      await current.waitFor();
      expect(Number(await figure('New'))).toBeGreaterThanOrEqual(before.newSubscriptions + 1);
      expect(dollars(await figure('Gross'))).toBeGreaterThanOrEqual(before.gross + 10);
      expect(dollars((await admin.page.getByTestId('stat-mrr').textContent()) ?? '')).toBeGreaterThanOrEqual(
        10,
      );
      await admin.page.getByRole('heading', { name: 'Revenue per month' }).waitFor();
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(admin.page, theme);
        await screenshot(admin.page, `revenue-${theme}`);
      }
    } finally {
      await reader.context.close();
      await admin.context.close();
    }
  });
});
