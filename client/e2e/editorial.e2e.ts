/**
 * The editorial workflow (issue 37, docs/roles.md) as the people involved meet it, one page per person
 * and no fixed waits:
 * - scheduled publishing: an admin schedules a writer's article for the next whole minute; a reader
 *   who follows its publisher has Home open, and the article appears in their "For you" by itself at
 *   that time (the scheduler's sweep, then the live event), not before. The wait for that minute is
 *   spent on this file's other journeys: the first test schedules, the last one watches it appear;
 * - review with notes: an editor requests changes, the writer reads the note, edits and resubmits;
 * - the writers' own journeys (issue 3): posting with an image, the free plan's cap, moderation as the
 *   writer sees it, update and delete with their dialogs, a decline with its reason;
 * - drafts, as a writer in a hurry meets them: a long article typed into Add Article, the tab closed
 *   moments after the last words, continued from My Articles and submitted, then shortened, its history
 *   compared and the long version restored; the network gone while typing ("Not saved — retrying"),
 *   the tab closed, the browser's copy offered back on return.
 */
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  apiUrl,
  checkScreenAtBothSizes,
  DEMO,
  expectAccessibleInBothThemes,
  expectDialogAccessibleInBothThemes,
  expectNoSeriousA11yViolations,
  goto,
  screenshot,
  setTheme,
  sharedBrowser,
} from './harness';
import {
  adminArticleRow,
  apiToken,
  expectSwal,
  fillAddArticleForm,
  freshAdmin,
  freshUser,
  myArticleRow,
  pngFile,
  postArticle,
  swalDialog,
  uniqueTitle,
  type Session,
  sharedAdmin,
} from './writer-admin-fixtures';

const browser = sharedBrowser();
const admin = sharedAdmin(browser);

interface Card {
  _id: string;
  articleTitle: string;
  articleImage: string;
}

/** Gives an existing user the editor role through the API, as the demo admin (test setup only). */
async function makeEditor(email: string): Promise<void> {
  const auth = { authorization: `Bearer ${await apiToken(DEMO.admin)}` };
  const user = await fetch(`${apiUrl}/users/${encodeURIComponent(email)}`, { headers: auth });
  const { _id } = (await user.json()) as { _id: string };
  const res = await fetch(`${apiUrl}/make-editor/${_id}`, { method: 'PATCH', headers: auth });
  if (!res.ok) throw new Error(`PATCH /make-editor failed: ${res.status}`);
}

/** Three paragraphs of a real length (about 2,400 characters). */
const LONG_BODY = [
  'The ferry from the north pier will run every forty minutes from Monday, the harbour board said, ',
  'after a winter in which the old timetable left commuters waiting in the rain for over an hour. ',
]
  .join('')
  .repeat(8);
const LAST_WORDS = ' The board meets again in March.';

/** The scheduled article, and the people watching it, from the first test to the last. */
let scheduled: { title: string; at: number; writer: Session; reader: Session; admin: Session } | null = null;
afterAll(async () => {
  if (scheduled)
    await Promise.all([scheduled.writer, scheduled.reader, scheduled.admin].map((s) => s.context.close()));
});

describe('scheduled publishing, begun', () => {
  it('scheduling: an admin schedules an article for the next minute; a follower’s open Home does not show it yet', async () => {
    const title = uniqueTitle('Night ferry returns to the island');
    const publishers = (await (await fetch(`${apiUrl}/publisher-data`)).json()) as {
      _id: string;
      publisherName: string;
    }[];
    const publisher = publishers[0]!;
    const [writer, reader, admin] = await Promise.all([
      freshUser(browser(), 'scheduling-writer'),
      freshUser(browser(), 'scheduling-reader'),
      freshAdmin(browser()),
    ]);
    scheduled = { title, at: 0, writer, reader, admin };
    await postArticle(writer.page, { title, publisher: publisher.publisherName });
    await myArticleRow(writer.page, title).getByText('Pending', { exact: true }).waitFor();
    // The reader follows the article's publisher (as the publisher's page would), then opens Home.
    const follow = await fetch(`${apiUrl}/follows/publishers/${publisher._id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await apiToken(reader.account)}` },
    });
    expect(follow.status).toBe(200);
    await goto(reader.page, '/');
    const forYou = reader.page.getByTestId('for-you');
    await forYou.getByRole('heading', { name: 'For you' }).waitFor();

    const { page } = admin;
    await goto(page, '/dashboard/all-articles-admin');
    const row = adminArticleRow(page, title);
    await row.getByRole('button', { name: `Schedule: ${title}` }).click();
    // The next whole minute at least 10 s away, typed into the picker in the admin's own zone.
    const at = Math.ceil((Date.now() + 10_000) / 60_000) * 60_000;
    scheduled.at = at;
    const local = await page.evaluate((ms) => {
      const d = new Date(ms);
      return new Date(ms - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    }, at);
    await swalDialog(page).locator('input[type="datetime-local"]').fill(local);
    await swalDialog(page).locator('.swal2-confirm').click();
    await expectSwal(page, 'Scheduled');
    await row.getByText('Scheduled', { exact: true }).waitFor();

    // Not yet: the reader's Home has the rest of their front page, without it.
    await forYou.locator('article, a').first().waitFor();
    expect(Date.now()).toBeLessThan(at);
    expect(await forYou.getByText(title).count()).toBe(0);
  });
});

describe('the editorial workflow', () => {
  it('review: an editor requests changes; the writer reads the note, edits and resubmits; the editor approves', async () => {
    const title = uniqueTitle('Quay wall repairs start in March');
    const note = 'Add what the council answered, and the cost.';
    const [writer, editor] = await Promise.all([
      freshUser(browser(), 'editorial-writer'),
      freshUser(browser(), 'editorial-editor'),
    ]);
    try {
      await Promise.all([postArticle(writer.page, { title }), makeEditor(editor.account.email)]);

      // The editor's dashboard shows the moderation table (and none of the admin area).
      const { page } = editor;
      await goto(page, '/user-dashboard');
      const menu = page.getByRole('navigation', { name: 'Dashboard' });
      await menu.getByRole('link', { name: 'All Articles' }).click();
      await page.waitForURL('**/user-dashboard/moderation');
      const row = adminArticleRow(page, title);
      await row.getByRole('button', { name: `Request changes: ${title}` }).click();
      await swalDialog(page).locator('textarea').fill(note);
      await swalDialog(page).locator('.swal2-confirm').click();
      await expectSwal(page, 'Changes requested');
      expect(await row.getByRole('button', { name: `Delete: ${title}` }).count()).toBe(0);

      // The writer sees it in My Articles with the note (live, without a reload), edits and resubmits.
      const mine = myArticleRow(writer.page, title);
      await mine.getByText('Changes requested', { exact: true }).waitFor();
      await expect.poll(() => mine.getByTestId('review-note').textContent()).toContain(note);
      await mine.getByRole('button', { name: `Update ${title}` }).click();
      const dialog = writer.page.getByRole('dialog', { name: 'Update Article' });
      await dialog.getByLabel('Description').fill('The council answered on Monday: £2.4m, paid by the port.');
      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      await expectSwal(writer.page, 'Updated');
      await mine.getByText('Pending', { exact: true }).waitFor();
      expect(await mine.getByTestId('review-note').count()).toBe(0);

      // Back in the editor's queue (live): approved; the writer's row follows.
      await row.getByRole('button', { name: `Approve: ${title}` }).click();
      await expectSwal(page, 'Approved');
      await mine.getByText('Approved', { exact: true }).waitFor();
    } finally {
      await Promise.all([writer.context.close(), editor.context.close()]);
    }
  });

  it('drafts: a long article typed, the tab closed at once, continued from My Articles and submitted', async () => {
    const title = uniqueTitle('Ferry timetable changes');
    const { context, page, account } = await freshUser(browser(), 'drafts-long');
    try {
      await goto(page, '/add-articles');
      await page.getByRole('heading', { name: 'add article' }).waitFor();
      await page.getByLabel('Title').fill(title);
      const publisher = page.getByLabel('Publisher');
      const publisherName = (await publisher
        .locator('option:not([disabled])')
        .first()
        .getAttribute('value'))!;
      await publisher.selectOption(publisherName);
      await page.getByLabel('Tags').fill('travel');
      await page.keyboard.press('Enter');
      await page.getByLabel('Description').fill(LONG_BODY);
      const status = page.getByTestId('autosave-status');
      await expect.poll(() => status.textContent()).toBe('Saved');
      // The address is the spec's, whatever the draft.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/add-articles');

      // The last words, typed, and the tab closed before the pause that would save them.
      await page.getByLabel('Description').pressSequentially(LAST_WORDS);
      const back = await context.newPage();
      await page.close({ runBeforeUnload: true });

      await goto(back, '/my-articles');
      const drafts = back.getByTestId('my-drafts');
      await drafts.getByText(title).waitFor();
      await checkScreenAtBothSizes(back, 'my-articles-drafts', () => drafts.getByText(title).waitFor());
      await drafts.getByRole('link', { name: `Continue draft ${title}` }).click();
      await back.waitForURL('**/add-articles?draft=*');
      await expect.poll(() => back.getByLabel('Title').inputValue()).toBe(title);
      expect(await back.getByLabel('Description').inputValue()).toBe(LONG_BODY + LAST_WORDS);
      expect(await back.getByLabel('Publisher').inputValue()).toBe(publisherName);

      // The image is chosen again (a draft keeps the words), then it is submitted as before.
      await back.getByLabel('Upload Image').setInputFiles(pngFile('drafts-long.png'));
      await back.getByRole('button', { name: 'Submit Article' }).click();
      await expectSwal(back, 'Submited', 'Your article has been submited');
      await back.waitForURL('**/my-articles');
      await myArticleRow(back, title).getByText('Pending', { exact: true }).waitFor();
      // The draft has become the article: it is no longer offered.
      await expect.poll(() => back.getByTestId('my-drafts').count()).toBe(0);

      // Shortened through the update dialog; the history shows both versions, and the long one is back.
      const row = myArticleRow(back, title);
      await row.getByRole('button', { name: `Update ${title}` }).click();
      const dialog = back.getByRole('dialog', { name: 'Update Article' });
      await dialog.getByLabel('Description').fill('Ferries every forty minutes from Monday.');
      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      await expectSwal(back, 'Updated');
      await row.getByRole('button', { name: `History of ${title}` }).click();
      const history = back.getByRole('dialog', { name: 'Article history' });
      await history.getByRole('button', { name: /^Version 1/ }).click();
      await history.getByText('Version 1 compared with the current version (2)').waitFor();
      expect(await history.locator('ins').first().textContent()).toContain('north pier');
      await expectAccessibleInBothThemes(back, 'article history dialog');
      await screenshot(back, 'article-history-dialog', { fullPage: false });
      await history.getByRole('button', { name: 'Restore this version' }).click();
      await history.getByRole('button', { name: 'Yes, restore it' }).click();
      await history.waitFor({ state: 'hidden' });
      const restored = await fetch(`${apiUrl}/articles/${encodeURIComponent(account.email)}`, {
        headers: { authorization: `Bearer ${await apiToken(account)}` },
      });
      const mine = (await restored.json()) as { articleTitle: string; articleDescription: string }[];
      expect(mine.find((a) => a.articleTitle === title)?.articleDescription).toBe(
        (LONG_BODY + LAST_WORDS).trim(),
      );
    } finally {
      await context.close();
    }
  });

  it('drafts: the network gone while typing: "Not saved — retrying"; the tab closed; the copy offered back', async () => {
    const title = uniqueTitle('Storm closes the coast road');
    const { context, page } = await freshUser(browser(), 'drafts-offline');
    try {
      await goto(page, '/add-articles');
      await page.getByRole('heading', { name: 'add article' }).waitFor();
      // Every save fails as it would with the network gone.
      await page.route('**/me/drafts/**', (route) => route.abort('internetdisconnected'));
      await page.getByLabel('Title').pressSequentially(title);
      await page
        .getByLabel('Description')
        .fill('Trees down at the bend; the council has closed it until Friday.');
      const status = page.getByTestId('autosave-status');
      await expect.poll(() => status.textContent()).toBe('Not saved — retrying');
      const back = await context.newPage();
      // The failing network was that tab's.
      await page.close({ runBeforeUnload: true });

      await goto(back, '/add-articles');
      const offer = back.getByTestId('draft-offer');
      await offer.getByText(title).waitFor();
      await checkScreenAtBothSizes(back, 'add-article-draft-offer', () => offer.getByText(title).waitFor());
      await offer.getByRole('button', { name: 'Continue draft' }).click();
      await expect.poll(() => back.getByLabel('Title').inputValue()).toBe(title);
      expect(await back.getByLabel('Description').inputValue()).toBe(
        'Trees down at the bend; the council has closed it until Friday.',
      );
      // Back online, the next words reach the server too.
      await back.getByLabel('Description').pressSequentially(' Buses divert.');
      await expect.poll(() => back.getByTestId('autosave-status').textContent()).toBe('Saved');
      await goto(back, '/my-articles');
      await back.getByTestId('my-drafts').getByText(title).waitFor();
    } finally {
      await context.close();
    }
  });
});

// The writers' own journeys (issue 3): posting, the free plan's cap, update and delete, a decline.
describe('a writer posts, the admin approves', () => {
  let writer: Session;
  const title = uniqueTitle('Harbour lights return to the old quay after a decade in the dark');

  afterAll(async () => {
    await writer?.context.close();
  });

  it('blocks a post without an image, then posts one with an image and shows it Pending', async () => {
    writer = await freshUser(browser(), 'writer');
    const { page } = writer;
    await goto(page, '/add-articles');
    await page.getByRole('heading', { name: 'add article' }).waitFor();
    await expect.poll(() => page.title()).toBe('Add Article | Newsroom');
    await page.getByText('Post your creative article').waitFor();

    // The chooser reads 'Choose A Photo' until a file is picked.
    await page.getByText('Choose A Photo').waitFor();
    await fillAddArticleForm(page, { title });
    await page.getByRole('button', { name: 'Submit Article' }).click();
    const noImage = page.getByText('Select an image', { exact: true });
    await noImage.waitFor();
    const [r, g, b] = await textRgb(noImage);
    expect(r, 'shown in red').toBeGreaterThan(150);
    expect(Math.max(g!, b!), 'shown in red').toBeLessThan(90);
    expect(page.url()).toMatch(/\/add-articles$/);

    // Picking a file shows its shortened name (> 15 characters: 10 + '....' + extension).
    await page.getByLabel('Upload Image').setInputFiles(pngFile('writer-photo-e2e.png'));
    await page.getByText('writer-pho....png').waitFor();
    await expect.poll(() => noImage.count()).toBe(0);

    await checkScreenAtBothSizes(page, 'add-article');

    // Submitting: the button is disabled with a spinner while the request runs. Once the dialog that
    // says it is done opens, the page behind is hidden from roles and the button is not found: each
    // look waits briefly (Playwright's own wait would hold the poll for 30 s) and counts that as done.
    const submit = page.getByRole('button', { name: 'Submit Article' });
    await submit.click();
    await expect.poll(() => submit.isDisabled({ timeout: 200 }).catch(() => true)).toBe(true);
    await expectSwal(page, 'Submited', 'Your article has been submited', 'none');
    await expectDialogAccessibleInBothThemes(page, 'submitted');
    await swalDialog(page).locator('.swal2-confirm').click();
    await page.waitForURL('**/my-articles');

    const row = myArticleRow(page, title);
    await row.waitFor();
    // Over 40 characters: the table shows the first 30 plus an ellipsis.
    expect(await row.locator('th').textContent()).toBe(`${title.slice(0, 30)}...`);
    expect(await row.getByText('Pending').count()).toBe(1);
    expect(await row.getByRole('link', { name: `Details of ${title}` }).getAttribute('href')).toMatch(
      /^\/article-details\/[0-9a-f]{24}$/,
    );
  });

  it('a second post by the free user shows Need Premium', async () => {
    const { page } = writer;
    await goto(page, '/add-articles');
    await page.getByRole('heading', { name: 'add article' }).waitFor();
    await fillAddArticleForm(page, { title: uniqueTitle('A second story'), imageName: 'second.png' });
    await page.getByRole('button', { name: 'Submit Article' }).click();
    await expectSwal(page, 'Need Premium', 'You have reached maximum post of free plan', 'none');
    await expectDialogAccessibleInBothThemes(page, 'need-premium');
    await swalDialog(page).locator('.swal2-confirm').click();
    // The form is usable again and the user stays on the page.
    await expect.poll(() => page.getByRole('button', { name: 'Submit Article' }).isEnabled()).toBe(true);
    expect(page.url()).toMatch(/\/add-articles$/);
  });

  it('the admin approves it and it shows in All articles', async () => {
    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const row = adminArticleRow(page, title);
    await row.waitFor();
    expect(await row.getByText('Pending').count()).toBe(1);
    await row.getByRole('button', { name: `Approve: ${title}` }).click();
    await expectSwal(page, 'Approved');
    await expect.poll(() => row.getByText('Approved', { exact: true }).count()).toBe(1);
    // Approve and Decline are disabled once Approved.
    expect(await row.getByRole('button', { name: `Approve: ${title}` }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: `Decline: ${title}` }).isDisabled()).toBe(true);

    const writerPage = writer.page;
    await goto(writerPage, '/all-articles');
    await writerPage.getByText(title).first().waitFor();
    await goto(writerPage, '/my-articles');
    await myArticleRow(writerPage, title).getByText('Approved', { exact: true }).waitFor();
  });

  it('updates the article through its dialog (back to Pending) and deletes it after confirming', async () => {
    const { page } = writer;
    await goto(page, '/my-articles');
    await page.getByRole('heading', { name: 'My Articles' }).waitFor();
    await checkScreenAtBothSizes(page, 'my-articles', () => myArticleRow(page, title).waitFor());

    // The update dialog, in both themes (axe + screenshot), then a real update.
    const dialog = page.getByRole('dialog', { name: 'Update Article' });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await myArticleRow(page, title)
        .getByRole('button', { name: `Update ${title}` })
        .click();
      await dialog.waitFor();
      expect(await dialog.getByLabel('Title').inputValue()).toBe(title);
      await expectNoSeriousA11yViolations(page, `update dialog (${theme})`, {
        coloursOnly: theme === 'dark',
      });
      await screenshot(page, `update-article-dialog-desktop-${theme}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await setTheme(page, 'light');

    const newTitle = `${title} (updated)`;
    await myArticleRow(page, title)
      .getByRole('button', { name: `Update ${title}` })
      .click();
    await dialog.getByLabel('Title').fill('');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByLabel('Title').fill(newTitle);
    await dialog.getByLabel('Tags').fill('travel');
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Image').setInputFiles(pngFile('updated-cover.png', [180, 83, 9]));
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    // The article is Approved: saving sends it back to review, which the writer confirms first.
    await dialog.getByRole('button', { name: 'Save and send to review' }).click();
    await expectSwal(page, 'Updated');
    const row = myArticleRow(page, newTitle);
    await row.waitFor();
    // An update sends the article back to moderation.
    await row.getByText('Pending').waitFor();

    await row.getByRole('button', { name: `Delete ${newTitle}` }).click();
    await expectSwal(page, 'Are you sure?', "You won't be able to revert this!", 'none');
    await expectDialogAccessibleInBothThemes(page, 'delete-confirm');
    await swalDialog(page).locator('.swal2-confirm').click();
    await expectSwal(page, 'Deleted!');
    await expect.poll(() => row.count()).toBe(0);
    await page.getByText('You have not posted any articles yet.').waitFor();
  });
});

describe('a declined article', () => {
  let writer: Session;
  /** Made by the first test, not once for the file: a retry posts an article of its own. */
  let title = '';
  const reason = 'Sources are not named; please add at least two on-record sources.';

  afterAll(async () => {
    await writer?.context.close();
  });

  it('the admin declines with a required reason; the writer sees it and cannot update', async () => {
    title = uniqueTitle('Council budget leaks');
    writer = await freshUser(browser(), 'declined');
    await postArticle(writer.page, { title, tags: ['business', 'finance'] });

    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const row = adminArticleRow(page, title);
    await row.waitFor();
    await row.getByRole('button', { name: `Decline: ${title}` }).click();
    const dialog = swalDialog(page);
    await dialog.locator('textarea').waitFor();
    // The reason is required. (A press while the dialog is still opening can go unanswered, as it
    // would for a person, who presses again: so does this test.)
    await expect
      .poll(
        async () => {
          await dialog.locator('.swal2-confirm').click();
          return dialog.getByText('A reason is required').isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await expectDialogAccessibleInBothThemes(page, 'decline-reason');
    await dialog.getByRole('textbox', { name: 'Reason for declining' }).fill(reason);
    await dialog.locator('.swal2-confirm').click();
    await expectSwal(page, 'Declined');
    await row.getByText('Declined', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Approve: ${title}` }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: `Decline: ${title}` }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: `Make Premium: ${title}` }).isDisabled()).toBe(true);

    const wp = writer.page;
    await goto(wp, '/my-articles');
    const mine = myArticleRow(wp, title);
    await mine.getByText('Declined', { exact: true }).waitFor();
    expect(await mine.getByRole('button', { name: `Update ${title}` }).isDisabled()).toBe(true);
    await mine.getByRole('button', { name: `See reason: ${title}` }).click();
    await expectSwal(wp, 'Reason for declining', reason, 'none');
    await expectDialogAccessibleInBothThemes(wp, 'see-reason');
    await swalDialog(wp).locator('.swal2-confirm').click();
  });

  it('the declined article never reaches the public list', async () => {
    const cards = await apiGet<Card[]>(`/all-articles/approved?search=${encodeURIComponent(title)}`);
    expect(cards.map((c) => c.articleTitle)).not.toContain(title);
  });
});

describe('scheduled publishing, seen', () => {
  it('scheduling: at its time the article appears on the follower’s open Home by itself, and the writer sees it Approved', async () => {
    if (!scheduled?.at) throw new Error('the first test did not schedule the article');
    const { title, at, reader, writer } = scheduled;
    // The sweep publishes it and the open page shows it, with no reload.
    await reader.page.getByTestId('for-you').getByText(title).first().waitFor({ timeout: 80_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    // The writer's My Articles (open since the post) flips to Approved too, live.
    await myArticleRow(writer.page, title).getByText('Approved', { exact: true }).waitFor();
  });
});

/** The colour of an element's text as [r, g, b] (Tailwind 4 colours are oklch; a canvas converts them). */
async function textRgb(locator: Locator): Promise<number[]> {
  return locator.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
}
