/**
 * Accounts people can recover (issue 9 §2): "Forgot password?" through the Auth emulator's emailed link
 * and back into our login page, the email-verification notice with Resend, and the dark first visit.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eEnv } from './env';
import {
  checkScreenAtBothSizes,
  createEmulatorAccount,
  currentTheme,
  goto,
  newPage,
  sharedBrowser,
  uniqueEmail,
  webUrl,
} from './harness';
import { pngFile } from './writer-admin-fixtures';

const browser = sharedBrowser();

const NEUTRAL = "If an account exists for that email, we've sent a link to reset the password.";

interface OobCode {
  email: string;
  requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL' | string;
  oobLink: string;
}

/** What the Auth emulator "sent": every emailed action link, oldest first. */
async function emailedLinks(email: string, requestType: OobCode['requestType']): Promise<OobCode[]> {
  const res = await fetch(`http://${e2eEnv.emulatorHost}/emulator/v1/projects/demo-newsroom/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((c) => c.email === email && c.requestType === requestType);
}

async function signInThroughLoginPage(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('forgot password', () => {
  it('emails a reset link (same answer for unknown emails); the link sets a new password that signs in', async () => {
    const account = await createEmulatorAccount('forgot');
    const { context, page } = await newPage(browser(), { theme: 'light' });
    try {
      await goto(page, '/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      expect(await page.getByLabel('Email').inputValue(), 'the typed email is kept').toBe(account.email);
      await checkScreenAtBothSizes(page, 'password-reset');

      // An unknown address gets exactly the same answer, and nothing is sent.
      const unknown = uniqueEmail('nobody');
      await page.getByLabel('Email').fill(unknown);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: NEUTRAL }).count()).toBe(1);
      expect(await emailedLinks(unknown, 'PASSWORD_RESET')).toHaveLength(0);

      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect.poll(async () => (await emailedLinks(account.email, 'PASSWORD_RESET')).length).toBe(1);
      await page.getByRole('status').filter({ hasText: NEUTRAL }).waitFor();
      await checkScreenAtBothSizes(page, 'password-reset-sent');

      // The person opens the emailed link (the emulator's reset page, given the new password): it sets
      // the password and sends them back to our login page, where the new password signs in.
      const [link] = await emailedLinks(account.email, 'PASSWORD_RESET');
      const newPassword = 'Harbour2026';
      const mail = await context.newPage();
      await mail.goto(`${link!.oobLink}&newPassword=${newPassword}`);
      await mail.waitForURL(`${webUrl}/login`);

      // The old password no longer works (back on the first tab, the email is still there) ...
      await page.getByRole('button', { name: 'Back to login' }).click();
      expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
      await signInThroughLoginPage(page, account.email, account.password);
      await expect
        .poll(() => page.getByTestId('login-error').textContent())
        .toBe('Invalid email of password');

      // ... the new one does.
      await signInThroughLoginPage(mail, account.email, newPassword);
      await mail.getByText('Login successful').waitFor();
      await mail.getByTestId('avatar-button').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('email verification', () => {
  it('registration sends one; the profile says "Email not verified — Resend" until the link is followed', async () => {
    const { context, page } = await newPage(browser(), { theme: 'light' });
    try {
      const email = uniqueEmail('verify');
      await goto(page, '/registration');
      await page.getByLabel('Name').fill('Vera Fied');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: false }).fill('Newsroom1');
      await page.locator('#reg-photo').setInputFiles(pngFile('vera.png'));
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText('Registration successful').waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(async () => (await emailedLinks(email, 'VERIFY_EMAIL')).length).toBe(1);

      // Not verified yet, and that does not stop posting.
      await goto(page, '/add-articles');
      await page.getByRole('heading', { name: 'add article' }).waitFor();

      await goto(page, '/user-dashboard/my-profile');
      const notice = page.getByTestId('email-not-verified');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('Email not verified');
      await checkScreenAtBothSizes(page, 'profile-email-not-verified', () => notice.waitFor());

      await notice.getByRole('button', { name: 'Resend' }).click();
      await page.getByText(`Verification email sent to ${email}`).waitFor();
      await expect.poll(async () => (await emailedLinks(email, 'VERIFY_EMAIL')).length).toBe(2);

      const links = await emailedLinks(email, 'VERIFY_EMAIL');
      const mail = await context.newPage();
      const verified = await mail.goto(links.at(-1)!.oobLink);
      expect(verified!.ok()).toBe(true);
      await mail.close();

      await page.reload();
      await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await notice.count(), 'gone once verified').toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('theme', () => {
  it('a first visit with nothing stored is dark; the choice made with the toggle is kept', async () => {
    const { context, page } = await newPage(browser());
    try {
      await goto(page, '/about-us');
      expect(await currentTheme(page)).toBe('dark');
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      expect(await currentTheme(page)).toBe('light');
      await page.reload();
      await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
      expect(await currentTheme(page)).toBe('light');
    } finally {
      await context.close();
    }
  });
});
