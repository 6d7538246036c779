/**
 * E-mail people asked for (issue 22), read from the run's mail catcher as a person reads their inbox:
 * a writer's approval mail links to the article; a reader opts in to the digest, confirms the address
 * from the mail's link without signing in, and unsubscribes in one click from the mail's link.
 */
import { describe, expect, it } from 'vitest';
import { approvedArticle } from './api-as';
import { createEmulatorAccount, goto, newPage, screenshot, sharedBrowser } from './harness';
import { linksIn, waitForMail } from './mail';
import { freshUser } from './writer-admin-fixtures';

const browser = sharedBrowser();

describe('e-mail', () => {
  it('a writer gets the approval mail, whose link opens the article', async () => {
    const writer = await createEmulatorAccount('mail-writer');
    const { id, title } = await approvedArticle('Mailed approval', writer);

    const mail = await waitForMail(writer.email, /published/i);
    expect(mail.subject).toContain(title);
    expect(mail.text).toContain(title);
    // Nobody else's address is in it.
    const addresses = `${mail.html} ${mail.text}`.match(/[\w.+-]+@[\w-]+\.[\w.-]+/g) ?? [];
    expect(addresses.filter((a) => a !== writer.email && !a.startsWith('newsroom@'))).toEqual([]);

    const [read] = linksIn(mail, /Read it on Newsroom/);
    expect(read).toMatch(new RegExp(`/article-details/${id}$`));
    const { context, page } = await newPage(browser(), { theme: 'light' });
    try {
      await page.goto(read!);
      await page.getByRole('heading', { name: title }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a reader opts in to the digest, confirms from the mail, receives the digest and unsubscribes from it', async () => {
    const { title } = await approvedArticle('Digest news');
    const reader = await freshUser(browser(), 'mail-reader');
    try {
      const { page } = reader;
      await goto(page, '/user-dashboard/email');
      await page.getByLabel('Digest').selectOption({ label: 'Daily' });
      await page.getByLabel('What it lists').selectOption({ label: 'Everything new' });
      // Their hour is the current one: the first digest then comes as soon as they confirm (a run in
      // an hour's last half-minute waits for the next hour, so the hour cannot turn in between).
      const toNextHour = 3_600_000 - (Date.now() % 3_600_000);
      if (toNextHour < 30_000) await page.waitForTimeout(toNextHour + 1_000);
      const hour = String(new Date().getUTCHours()).padStart(2, '0');
      await page.getByLabel('Hour (UTC)').selectOption({ label: `${hour}:00` });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('We mailed you a link: follow it to start the digest.').waitFor();

      const confirm = await waitForMail(reader.account.email, /confirm/i);
      const [confirmLink] = linksIn(confirm, /Confirm my digest/);
      expect(confirmLink, 'the confirm mail has its link').toBeTruthy();

      // The link works without a session, in another browser: one button, then done.
      const other = await newPage(browser(), { theme: 'light' });
      try {
        await other.page.goto(confirmLink!);
        await other.page.getByRole('button').first().click();
        await expect.poll(() => other.page.textContent('body')).toMatch(/confirmed|is on/i);

        await goto(page, '/user-dashboard/email');
        await page.getByText('Your address is confirmed.').waitFor();
        expect(await page.getByLabel('Digest').inputValue()).toBe('daily');

        // The digest lists what was approved, each title linking to its page.
        const digest = await waitForMail(reader.account.email, /digest:/i);
        expect(digest.subject).toMatch(/^Your daily Newsroom digest: \d+ new articles?$/);
        expect(digest.text).toContain(title);
        const [read] = linksIn(digest, new RegExp(title));
        expect(read).toMatch(/\/article-details\/[0-9a-f]{24}$/);
        await screenshot(page, 'mail-preferences-light');

        // One click from the digest's unsubscribe link, still without a session.
        const [unsubscribe] = linksIn(digest, /unsubscribe/i);
        expect(unsubscribe, 'every mail has an unsubscribe link').toBeTruthy();
        await other.page.goto(unsubscribe!);
        await other.page.getByRole('button').first().click();
        await expect.poll(() => other.page.textContent('body')).toMatch(/unsubscribed/i);
      } finally {
        await other.context.close();
      }
      await goto(page, '/user-dashboard/email');
      await expect.poll(() => page.getByLabel('Digest').inputValue()).toBe('off');
      // The history lists both mails.
      await expect.poll(() => page.getByRole('table').textContent()).toMatch(/Digest/);
    } finally {
      await reader.context.close();
    }
  });
});
