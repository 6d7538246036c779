/**
 * Comments under articles (issue 36), as people use them: a reader comments, replies and edits within
 * the window, reports another's comment; an admin hides it from the Comments tab and the reader's
 * open tab loses it live; the article's writer finds the mail in their inbox. One journey by keyboard
 * only, one at a phone's 390 px (where a stopped reader reads why), and what a signed-out visitor
 * sees of the demo conversation and of a premium article.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, apiCall, approvedArticle } from './api-as';
import { apiGet, createEmulatorAccount, goto, newPage, screenshot, setTheme, sharedBrowser } from './harness';
import { waitForMail } from './mail';
import { apiToken, demoSession, freshAdmin, freshUser, swalDialog } from './writer-admin-fixtures';

const browser = sharedBrowser();
const PHONE = { width: 390, height: 844 };

const comments = (page: Page) => page.getByRole('region', { name: /comment/i });
/** The comment (or reply) whose text contains `text`. */
const commentWith = (page: Page, text: string): Locator =>
  page.getByTestId('comment').filter({ has: page.getByTestId('comment-body').getByText(text) });

/** Marks the page so a test can tell it was never reloaded. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { commentsMarker: true }));
const stillSamePage = (page: Page) => page.evaluate(() => 'commentsMarker' in window);

/** Presses Tab until `target` has the focus (at most `max` times): how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The comment section in both themes, as pictures people look at (E2E_SCREENSHOTS=1). */
async function pictures(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await comments(page).scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${theme}`, { fullPage: false });
  }
  await setTheme(page, 'light');
}

describe('comments under an article', () => {
  it('a reader comments, replies and edits; reports; the admin hides it and the open tab loses it live; the writer is mailed', async () => {
    const writer = await createEmulatorAccount('comments-writer');
    const { id, title } = await approvedArticle('Tram line opens', writer);
    // Another reader's comment, the one to be answered and reported.
    const other = await createEmulatorAccount('comments-other');
    const spam = 'Cheap tram passes here, call now';
    const reader = await demoSession(browser(), 'reader');
    const admin = await freshAdmin(browser());
    try {
      const { page } = reader;
      await goto(page, `/article-details/${id}`);
      await page.getByRole('heading', { name: 'No comments yet' }).waitFor();
      await markPage(page);

      // Someone else comments: it reaches the open page live, and the writer's inbox.
      await apiCall('POST', `/articles/${id}/comments`, await apiToken(other), { body: spam });
      await commentWith(page, spam).waitFor({ timeout: 10_000 });
      await page.getByRole('heading', { name: '1 comment' }).waitFor();
      const mail = await waitForMail(writer.email, /New comments on/);
      expect(mail.subject).toContain(title);
      expect(mail.text, 'the mail never quotes a comment').not.toContain(spam);

      // The reader comments, over two lines, within the shared limit shown under the box.
      const box = page.getByRole('textbox', { name: 'Your comment' });
      await box.fill('Finally a tram to the harbour.\nWill it run at night?');
      await page.getByText('52 / 2000').waitFor();
      await page.getByRole('button', { name: 'Post comment' }).click();
      const mine = commentWith(page, 'Finally a tram to the harbour.');
      await mine.waitFor();
      expect(await mine.getByTestId('comment-body').innerText()).toBe(
        'Finally a tram to the harbour.\nWill it run at night?',
      );
      await expect.poll(() => box.inputValue()).toBe('');

      // A reply under the other reader's comment.
      await commentWith(page, spam)
        .getByRole('button', { name: /^Reply:/ })
        .click();
      await page.getByRole('textbox', { name: /^Your reply to/ }).fill('Please do not advertise here.');
      await page.getByRole('button', { name: 'Post reply' }).click();
      await commentWith(page, 'Please do not advertise here.').waitFor();
      await page.getByRole('heading', { name: '3 comments' }).waitFor();

      // An edit within the ten minutes: marked "edited".
      await mine.getByRole('button', { name: /^Edit:/ }).click();
      const edit = page.getByRole('textbox', { name: 'Edit your comment' });
      await edit.fill('Finally a tram to the harbour!\nWill it run at night?');
      await page.getByRole('button', { name: 'Save' }).click();
      const edited = commentWith(page, 'Finally a tram to the harbour!');
      await edited.getByText('edited').waitFor();

      // The reader reports the advert.
      await commentWith(page, spam)
        .getByRole('button', { name: /^Report:/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Report this comment' });
      await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await page.getByText('Thanks: a moderator will look at it.').waitFor();
      await pictures(page, 'comments-desktop');

      // The admin finds it among the reported ones and hides it.
      const ap = admin.page;
      await goto(ap, '/dashboard/comments');
      const row = ap.getByTestId('admin-comment-row').filter({ hasText: spam });
      await row.getByText('Spam or advertising').waitFor();
      await screenshot(ap, 'comments-admin-desktop-light');
      await row.getByRole('button', { name: /^Hide:/ }).click();
      await row.getByTestId('comment-state').getByText('Hidden').waitFor();

      // The reader's open tab loses it at once, its reply kept under a "removed" line, no reload.
      await commentWith(page, spam).waitFor({ state: 'detached', timeout: 10_000 });
      await page.getByText('Comment removed').waitFor();
      await commentWith(page, 'Please do not advertise here.').waitFor();
      await page.getByRole('heading', { name: '2 comments' }).waitFor();
      expect(await stillSamePage(page)).toBe(true);
    } finally {
      await reader.context.close();
      await admin.context.close();
    }
  });

  it('a reader comments and deletes it with the keyboard alone', async () => {
    const { id } = await approvedArticle('Bridge repairs');
    const { context, page } = await demoSession(browser(), 'premium');
    try {
      await goto(page, `/article-details/${id}`);
      const box = page.getByRole('textbox', { name: 'Your comment' });
      await box.waitFor();
      await page.locator('body').focus();
      await tabTo(page, box);
      await page.keyboard.type('Typed without a mouse.');
      await page.keyboard.press('Enter'); // a line break, not a submit
      await page.keyboard.type('Second line.');
      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe('Post comment');
      await page.keyboard.press('Enter');
      const mine = commentWith(page, 'Typed without a mouse.');
      await mine.waitFor();
      expect(await mine.getByTestId('comment-body').innerText()).toBe('Typed without a mouse.\nSecond line.');

      await tabTo(page, mine.getByRole('button', { name: /^Delete:/ }));
      await page.keyboard.press('Enter');
      await swalDialog(page).getByRole('button', { name: 'Yes, delete it!' }).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe('Yes, delete it!');
      await page.keyboard.press('Enter');
      await mine.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'No comments yet' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('at 390 px a reader comments without sideways scrolling, and a stopped reader reads why', async () => {
    const { id } = await approvedArticle('Night buses');
    const reader = await freshUser(browser(), 'comments-phone', { viewport: PHONE });
    const stopped = await freshUser(browser(), 'comments-stopped', { viewport: PHONE });
    try {
      const { page } = reader;
      await goto(page, `/article-details/${id}`);
      await page.getByRole('textbox', { name: 'Your comment' }).fill('Read on the night bus home.');
      await page.getByRole('button', { name: 'Post comment' }).click();
      await commentWith(page, 'Read on the night bus home.').waitFor();
      await comments(page).scrollIntoViewIfNeeded();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await pictures(page, 'comments-390');

      // An admin stops the other reader, who is told the reason in the form.
      const token = await adminToken();
      const { _id } = await apiGet<{ _id: string }>(
        `/users/${encodeURIComponent(stopped.account.email)}`,
        token,
      );
      await apiCall('PUT', `/admin/comment-bans/${_id}`, token, { reason: 'Repeated advertising' });
      const sp = stopped.page;
      await goto(sp, `/article-details/${id}`);
      const box = sp.getByRole('textbox', { name: 'Your comment' });
      await box.fill('Buy my tickets');
      await sp.getByRole('button', { name: 'Post comment' }).click();
      await sp.getByRole('alert').getByText('You can no longer comment: Repeated advertising').waitFor();
      expect(await box.inputValue(), 'what was typed stays').toBe('Buy my tickets');
    } finally {
      await reader.context.close();
      await stopped.context.close();
    }
  });

  it('a signed-out visitor reads the demo conversation and is asked to log in; a premium article shows none', async () => {
    // Other files approve articles on this stack meanwhile: the seeded ones may be pages down the list.
    type Card = { _id: string; articleTitle: string; isPremium: string };
    let talked: Card | undefined;
    let premium: Card | undefined;
    for (let page = 1; page <= 10 && !(talked && premium); page++) {
      const cards = await apiGet<Card[]>(`/all-articles/approved?page=${page}&limit=50`);
      // The seed's conversation is under its first article.
      talked ??= cards.find((c) => c.articleTitle.startsWith('City council approves'));
      premium ??= cards.find((c) => c.isPremium === 'Yes');
      if (cards.length < 50) break;
    }
    if (!talked || !premium) throw new Error('the seeded articles are not in the approved list');
    const { counts } = await apiGet<{ counts: Record<string, number> }>(
      `/comments/counts?articles=${talked._id},${premium._id}`,
    );
    expect(counts[talked._id], 'the seed has a conversation').toBeGreaterThan(1);
    const { context, page } = await newPage(browser(), { theme: 'light' });
    try {
      // The card says how many comments it has (searched for: it may be pages down the list).
      await goto(page, '/all-articles');
      await page.getByLabel('Search').fill(talked.articleTitle);
      await page.getByLabel('Search').press('Enter');
      const card = page.getByTestId('article-card').filter({ hasText: talked.articleTitle });
      await card.getByTestId('comment-count').getByText(`${counts[talked._id]} comments`).waitFor();

      await goto(page, `/article-details/${talked._id}`);
      await page.getByRole('heading', { name: `${counts[talked._id]} comments` }).waitFor();
      // The writer's reply carries the badge; the hidden advert is not there.
      await page
        .getByTestId('comment')
        .filter({ has: page.getByText('Writer', { exact: true }) })
        .first()
        .waitFor();
      expect(await page.getByText('Cheap flats here').count()).toBe(0);
      await page.getByRole('link', { name: 'Log in to comment' }).click();
      await page.waitForURL('**/login');

      await goto(page, `/article-details/${premium._id}`);
      await page.getByRole('heading', { name: premium.articleTitle }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await comments(page).count()).toBe(0);
      // Not even the count (the related cards below carry their own, as every card does).
      expect(await page.getByRole('heading', { name: /\d+ comments?$|No comments yet/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
