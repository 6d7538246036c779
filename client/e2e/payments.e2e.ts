/**
 * Subscription and payment in Chromium. The API runs with STRIPE_SECRET_KEY + STRIPE_API_BASE
 * pointing at the Stripe-API-compatible test server (global-setup.ts); Stripe.js, unreachable here,
 * is replaced at the network layer by a stand-in that confirms card payments against that server.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  apiGet,
  createEmulatorAccount,
  DEMO,
  DESKTOP,
  expectAccessibleInBothThemes,
  goto,
  login,
  MOBILE,
  newPage,
  screenshot,
  setTheme,
  sharedBrowser,
} from './harness';
import { serveStripeJsStandIn } from './stripe-js-standin';

const stripeApiBase = inject('stripeApiBase');

const browser = sharedBrowser();

/** A gate a route handler can wait on, opened by the test. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function choosePlan(page: Page, label: string) {
  await goto(page, '/subscription');
  const select = page.getByLabel('Choose a plan');
  await page.getByRole('option', { name: label }).waitFor({ state: 'attached' });
  await select.selectOption({ label });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL('**/payment');
}

const sessionToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

describe('subscription and payment', () => {
  it('subscribe → pay → toast "successful" → /premium-articles opens', async () => {
    const account = await createEmulatorAccount('payer');
    const { context, page } = await newPage(browser(), { theme: 'light' });
    try {
      const standIn = await serveStripeJsStandIn(page, stripeApiBase);
      // Hold Stripe.js back to see the Pay button wait for it (the later route runs first).
      const scriptGate = gate();
      await page.route('https://js.stripe.com/**', async (route) => {
        await scriptGate.opened;
        await route.fallback();
      });
      // Hold the card confirmation to see the button while processing.
      const confirmGate = gate();
      await page.route(`${stripeApiBase}/v1/payment_intents/*/confirm`, async (route) => {
        await confirmGate.opened;
        await route.continue();
      });

      await login(page, account);
      expect(standIn.loads(), 'Stripe.js is not loaded before /payment').toBe(0);

      // A plan must be chosen first.
      await goto(page, '/subscription');
      await page.getByRole('option', { name: '5 days — $5' }).waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please choose a plan first');
      expect(new URL(page.url()).pathname).toBe('/subscription');

      await choosePlan(page, '5 days — $5');
      await page.getByRole('heading', { name: 'Total Payment Amount' }).waitFor();
      expect(await page.getByTestId('payment-amount').textContent()).toBe('$5');
      const pay = page.getByRole('button', { name: /Pay \$5/ });
      await pay.waitFor();
      expect(await pay.isDisabled(), 'disabled until Stripe is ready').toBe(true);

      scriptGate.open();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await expect.poll(() => pay.isEnabled()).toBe(true);
      expect(standIn.loads()).toBe(1);

      await pay.click();
      await expect.poll(() => pay.isDisabled()).toBe(true);
      await page.getByRole('status', { name: 'Processing payment' }).waitFor();
      await page.waitForTimeout(300);
      expect(await pay.isDisabled(), 'still disabled while processing').toBe(true);
      await screenshot(page, 'payment-processing-desktop-light');

      confirmGate.open();
      await page.getByText('successful', { exact: true }).waitFor();
      await page.waitForURL('**/all-articles');

      // The server granted premium (checked with Stripe), so the premium list opens.
      const token = await sessionToken(page);
      expect(await apiGet<boolean>(`/isPremium?email=${encodeURIComponent(account.email)}`, token)).toBe(
        true,
      );
      await page.getByRole('navigation').getByRole('link', { name: 'Premium Articles' }).first().click();
      await page.getByRole('heading', { name: 'Premium Articles' }).waitFor();
      await page.getByTestId('article-card').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/premium-articles');

      // After a reload the session's premium check agrees, and /subscription says so.
      await page.reload();
      await page.getByRole('heading', { name: 'Premium Articles' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/premium-articles');
      await goto(page, '/subscription');
      await page.getByText('You Hava Alredy Became A Premium User').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a premium user sees the already-premium message instead of the plans', async () => {
    const { context, page } = await newPage(browser());
    try {
      await login(page, DEMO.premium);
      await goto(page, '/subscription');
      await page.getByText('You Hava Alredy Became A Premium User').waitFor();
      expect(await page.getByLabel('Choose a plan').count()).toBe(0);
      await expectAccessibleInBothThemes(page, '/subscription (premium)');
      await setTheme(page, 'light');
      await screenshot(page, 'subscription-premium-desktop-light');
    } finally {
      await context.close();
    }
  });

  it('/payment without payment information returns to /subscription', async () => {
    const { context, page } = await newPage(browser());
    try {
      await login(page, DEMO.reader);
      await goto(page, '/payment');
      await page.waitForURL('**/subscription');
      await page.getByLabel('Choose a plan').waitFor();
    } finally {
      await context.close();
    }
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`/subscription and /payment are accessible in both themes (${size}), with screenshots`, async () => {
      const { context, page } = await newPage(browser(), { viewport });
      try {
        await serveStripeJsStandIn(page, stripeApiBase);
        await login(page, DEMO.reader);
        await goto(page, '/subscription');
        await page.getByRole('option', { name: '10 days — $10' }).waitFor({ state: 'attached' });
        await expectAccessibleInBothThemes(page, `/subscription ${size}`);
        for (const theme of ['light', 'dark'] as const) {
          await setTheme(page, theme);
          await screenshot(page, `subscription-${size}-${theme}`);
        }

        await choosePlan(page, '10 days — $10');
        const pay = page.getByRole('button', { name: /Pay \$10/ });
        await expect.poll(() => pay.isEnabled()).toBe(true);
        await expectAccessibleInBothThemes(page, `/payment ${size}`);
        for (const theme of ['light', 'dark'] as const) {
          await setTheme(page, theme);
          await screenshot(page, `payment-${size}-${theme}`);
        }
      } finally {
        await context.close();
      }
    });
  }
});
