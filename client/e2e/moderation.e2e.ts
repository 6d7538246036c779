/**
 * Moderation that can read what it moderates, and writers who see how their work does (issue 9, §3
 * and §5): the admin reads a whole article in a dialog and approves, declines or makes it premium
 * there; the status filter and the pending badge; the warning before an approved article goes back
 * to review; Premium Articles paged with "Load more"; the free plan's notice in Add Article before
 * typing; the views-per-day charts over the seeded history. Axe in both themes, 360 px and desktop.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiGet, apiUrl, checkScreenAtBothSizes, DEMO, goto, sharedBrowser } from './harness';
import {
  adminArticleRow,
  apiToken,
  demoSession,
  expectSwal,
  freshUser,
  myArticleRow,
  postArticle,
  sharedAdmin,
  uniqueTitle,
} from './writer-admin-fixtures';

const browser = sharedBrowser();
const admin = sharedAdmin(browser);
/** Our sessions last 15 s in the browser tests: a fresh token for each look-up, reused for 5 s. */
let cachedToken = { value: '', at: 0 };
async function adminToken(): Promise<string> {
  if (Date.now() - cachedToken.at > 5_000) {
    cachedToken = { value: await apiToken(admin().account), at: Date.now() };
  }
  return cachedToken.value;
}

interface Counts {
  Pending: number;
  Approved: number;
  Declined: number;
  total: number;
}
interface Row {
  _id: string;
  articleTitle: string;
  status: string;
  articleImage: string;
}

/** A call to the API as a given session (test setup and look-ups, not what the user sees). */
async function apiCall<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const statusCell = (row: Locator) => row.locator('td').nth(3);
const counts = async () => apiGet<Counts>('/all-articles/counts', await adminToken());

describe('the admin reads what they moderate', () => {
  const title = uniqueTitle('Ferry crews vote to strike over the new winter rota');
  const body =
    'The vote was 212 to 31.\n\nUnion leaders said the rota leaves crews with eleven-hour shifts.\n' +
    '<b>Not bold</b>: text is shown as written, never as HTML.';

  it('the menu counts what waits; the table opens on Pending; the dialog shows the whole article', async () => {
    const writer = await freshUser(browser(), 'preview-writer');
    const writerEmail = writer.account.email;
    try {
      await postArticle(writer.page, { title, tags: ['business', 'travel'], description: body });
    } finally {
      await writer.context.close();
    }

    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const pending = (await counts()).Pending;
    expect(pending).toBeGreaterThan(0);
    const menuLink = page
      .getByRole('navigation', { name: 'Admin dashboard' })
      .getByRole('link', { name: 'All Articles', exact: true });
    await expect.poll(() => menuLink.getByTestId('menu-badge').textContent()).toBe(String(pending));
    expect(await menuLink.evaluate((el) => el.getAttribute('aria-describedby'))).toBeTruthy();

    const filter = page.getByLabel('Status');
    expect(await filter.inputValue()).toBe('Pending');
    expect(await filter.locator('option').allTextContents()).toEqual(
      expect.arrayContaining([`Pending (${pending})`]),
    );
    expect((await filter.locator('option').allTextContents()).map((o) => o.replace(/ \(\d+\)$/, ''))).toEqual(
      ['Pending', 'All', 'Approved', 'Declined'],
    );
    const row = adminArticleRow(page, title);
    await row.waitFor();
    // Every row of the default view is Pending.
    for (const status of await page.locator('tbody tr td:nth-child(5) .badge').allTextContents()) {
      expect(status).toBe('Pending');
    }

    await row.getByRole('button', { name: `Read: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Review article' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('preview-title').textContent()).toBe(title);
    const text = dialog.getByTestId('preview-body');
    await text.waitFor();
    // The full text, its line breaks kept, markup shown as text.
    expect(await text.evaluate((el) => (el as HTMLElement).innerText)).toBe(body);
    expect(await text.locator('b').count()).toBe(0);
    // Publisher, author (with the email only admins see) and date.
    await dialog.getByText(`(${writerEmail})`).waitFor();
    expect(await dialog.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual([
      'business',
      'travel',
    ]);
    expect(await dialog.getByRole('img', { name: title }).count()).toBe(1);
    await checkScreenAtBothSizes(page, 'admin-article-preview', () => text.waitFor());
  });

  it('approves and makes premium from the dialog; the row stays, the badge goes down', async () => {
    const { page } = admin();
    const dialog = page.getByRole('dialog', { name: 'Review article' });
    const before = (await counts()).Pending;
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('preview-done').textContent()).toBe('Approved');
    await expect.poll(() => dialog.getByTestId('preview-status').textContent()).toBe('Approved');
    expect(await dialog.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Decline', exact: true }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Make Premium', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('preview-done').textContent()).toBe('Premium');
    await dialog.locator('.badge-premium').waitFor();
    expect(await dialog.getByRole('button', { name: 'Make Premium' }).count()).toBe(0);

    const stored = await apiGet<Row[]>(`/all-articles/approved?search=${encodeURIComponent(title)}`);
    expect(stored.map((a) => a.articleTitle)).toContain(title);
    expect((await counts()).Pending).toBe(before - 1);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Moderated here, the row keeps its place in the Pending view, with its new state.
    const row = adminArticleRow(page, title);
    await expect.poll(() => statusCell(row).locator('.badge').first().textContent()).toBe('Approved');
    await row.locator('.badge-premium').waitFor();
    const menuBadge = page.getByRole('navigation', { name: 'Admin dashboard' }).getByTestId('menu-badge');
    await expect.poll(() => menuBadge.textContent().catch(() => '0')).toBe(String(before - 1));
  });

  it('declines from the dialog with a required reason', async () => {
    const declinedTitle = uniqueTitle('Council to sell the old library building');
    const writer = await freshUser(browser(), 'decline-writer');
    try {
      await postArticle(writer.page, { title: declinedTitle });
    } finally {
      await writer.context.close();
    }
    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const row = adminArticleRow(page, declinedTitle);
    await row.getByRole('button', { name: `Read: ${declinedTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Review article' });
    await dialog.getByTestId('preview-body').waitFor();
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    const reason = dialog.getByRole('textbox', { name: /Reason for declining/ });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Decline article' }).click();
    await dialog.getByText('A reason is required').waitFor();
    await checkScreenAtBothSizes(page, 'admin-article-preview-decline', () => reason.waitFor());
    await reason.fill('Please name the buyer and the price.');
    await dialog.getByRole('button', { name: 'Decline article' }).click();
    await expect.poll(() => dialog.getByTestId('preview-done').textContent()).toBe('Declined');
    await dialog.getByText('Reason for declining: Please name the buyer and the price.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Make Premium' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => statusCell(row).locator('.badge').first().textContent()).toBe('Declined');
  });

  it('the status filter narrows the table; All lists Pending first', async () => {
    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const filter = page.getByLabel('Status');
    const statuses = () => page.locator('tbody tr td:nth-child(5) .badge').allTextContents();
    const c = await counts();

    await filter.selectOption('Approved');
    await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['Approved']));
    expect(await filter.locator('option:checked').textContent()).toBe(`Approved (${c.Approved})`);

    await filter.selectOption('Declined');
    await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['Declined']));

    await filter.selectOption('All');
    await page.getByLabel('Per page').selectOption('50');
    // The first rows are all the Pending ones, then the decided ones.
    await expect.poll(async () => (await statuses()).length).toBe(Math.min(50, c.total));
    const all = await statuses();
    const firstDecided = all.findIndex((s) => s !== 'Pending');
    expect(firstDecided).toBe(Math.min(c.Pending, 50));
    expect(all.slice(firstDecided).every((s) => s !== 'Pending')).toBe(true);
    await checkScreenAtBothSizes(page, 'admin-all-articles-filter', () =>
      page.locator('tbody tr').first().waitFor(),
    );
    await page.getByLabel('Per page').selectOption('5');
    await filter.selectOption('Pending');
  });
});

describe('a writer is warned before an approved article goes back to review', () => {
  it('shows the warning, asks to confirm, then the article is Pending again', async () => {
    const writer = await freshUser(browser(), 'approved-update');
    const title = uniqueTitle('Tram line extension opens two months early');
    try {
      await postArticle(writer.page, { title });
      const mine = await apiGet<Row[]>(
        `/articles/${encodeURIComponent(writer.account.email)}`,
        await apiToken(writer.account),
      );
      const id = mine.find((a) => a.articleTitle === title)!._id;
      await apiCall('PATCH', `/update/status/${id}`, await adminToken());

      const { page } = writer;
      await goto(page, '/my-articles');
      const row = myArticleRow(page, title);
      await row.getByText('Approved', { exact: true }).waitFor();
      await row.getByRole('button', { name: `Update ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Article' });
      const warning =
        'Saving sends this article back to review; it stays hidden until an admin approves it again.';
      await expect.poll(() => dialog.getByTestId('review-warning').textContent()).toBe(warning);
      await checkScreenAtBothSizes(page, 'update-approved-article', () =>
        dialog.getByLabel('Title').waitFor(),
      );

      await dialog.getByLabel('Title').fill(`${title} (corrected)`);
      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      const confirm = dialog.getByRole('alertdialog', { name: warning });
      await confirm.waitFor();
      // Nothing is sent yet; "Keep editing" goes back to the form.
      await confirm.getByRole('button', { name: 'Keep editing' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect((await apiGet<Row[]>(`/all-articles/approved?search=${encodeURIComponent(title)}`)).length).toBe(
        1,
      );

      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      await confirm.getByRole('button', { name: 'Save and send to review' }).click();
      await expectSwal(page, 'Updated');
      await myArticleRow(page, `${title} (corrected)`).getByText('Pending', { exact: true }).waitFor();
      expect((await apiGet<Row[]>(`/all-articles/approved?search=${encodeURIComponent(title)}`)).length).toBe(
        0,
      );
    } finally {
      await writer.context.close();
    }
  });
});

describe('Premium Articles is paged like All Articles', () => {
  const created: string[] = [];
  afterAll(async () => {
    for (const id of created)
      await apiCall('DELETE', `/my-articles/${id}`, await adminToken()).catch(() => undefined);
  });

  it('shows 20, then "Load more" brings the rest', async () => {
    const { page } = admin();
    const premiumCount = async () => {
      let n = 0;
      for (let p = 1; ; p += 1) {
        const rows = await apiGet<Row[]>(`/premium/articles/only?limit=50&page=${p}`, await adminToken());
        n += rows.length;
        if (rows.length < 50) return n;
      }
    };
    // Enough premium articles for a second page (posted, approved and made premium by the admin).
    const approved = await apiGet<Row[]>('/all-articles/approved?limit=50');
    const cover = approved.find((a) => a.articleImage.includes('seed-article')) ?? approved[0];
    const [publisher] = await apiGet<{ publisherName: string }[]>('/publisher-data');
    const missing = Math.max(0, 24 - (await premiumCount()));
    for (let i = 0; i < missing; i += 1) {
      const { insertedId } = await apiCall<{ insertedId: string }>(
        'POST',
        `/articles?email=${encodeURIComponent(admin().account.email)}`,
        await adminToken(),
        {
          title: `Members briefing ${i + 1}: the week in markets`,
          photoURL: cover!.articleImage,
          publisher: publisher!.publisherName,
          formatedTags: ['finance'],
          description: `Briefing ${i + 1}.`,
        },
      );
      created.push(insertedId);
      await apiCall('PATCH', `/update/status/${insertedId}`, await adminToken());
      await apiCall('PATCH', `/make-premium/${insertedId}`, await adminToken());
    }
    const total = await premiumCount();
    expect(total).toBeGreaterThan(20);

    await goto(page, '/premium-articles');
    const cards = page.getByTestId('article-card');
    await expect.poll(() => cards.count()).toBe(20);
    const more = page.getByRole('button', { name: 'Load more' });
    await more.waitFor();
    await more.click();
    await expect.poll(() => cards.count()).toBe(total);
    await expect.poll(() => more.count()).toBe(0);
    await page.getByText(`Showing ${total} premium articles`).waitFor();
    await checkScreenAtBothSizes(page, 'premium-articles-paged', () => cards.first().waitFor());
  });
});

describe('a free user whose one post is used up is told before typing', () => {
  it('Add Article shows the free plan notice with a way to go premium', async () => {
    const writer = await freshUser(browser(), 'free-notice');
    try {
      const { page } = writer;
      await goto(page, '/add-articles');
      await page.getByRole('heading', { name: 'add article' }).waitFor();
      await page.getByLabel('Title').waitFor();
      expect(await page.getByTestId('free-plan-notice').count()).toBe(0);

      await postArticle(page, { title: uniqueTitle('Bakery chain to open a training school') });
      await goto(page, '/add-articles');
      const notice = page.getByTestId('free-plan-notice');
      await expect
        .poll(() => notice.textContent())
        .toBe('Free plan: 1 article — you have used it. Go premium to post more.');
      // Before anything is typed: the form is still empty.
      expect(await page.getByLabel('Title').inputValue()).toBe('');
      await checkScreenAtBothSizes(page, 'add-article-free-plan-used', () => notice.waitFor());
      await notice.getByRole('link', { name: 'Go premium' }).click();
      await page.waitForURL((url) => url.pathname === '/subscription');
    } finally {
      await writer.context.close();
    }
  });
});

describe('views per day from the seeded history', () => {
  /** The views table of the chart card: [label, last 30 days, all time?] per row. */
  const tableRows = (card: Locator) =>
    card
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent?.trim() ?? '')),
      );
  const number = (text: string) => Number(text.replace(/,/g, ''));

  async function expectLine(page: Page) {
    await expect
      .poll(() => page.locator('[data-testid="views-over-time"] .recharts-line-curve').count())
      .toBe(1);
  }

  it('a writer sees each of their articles per day over 30 days, with totals', async () => {
    const { context, page } = await demoSession(browser(), 'premium');
    try {
      await goto(page, '/user-dashboard');
      const card = page.getByTestId('views-over-time');
      await card.getByRole('heading', { name: 'Views per day, last 30 days' }).waitFor();
      await expectLine(page);
      const rows = await tableRows(card);
      expect(rows.length).toBeGreaterThanOrEqual(4);
      // The seeded articles were all posted within the 30 days: every view ever counted is in the chart.
      for (const [label, period, allTime] of rows) {
        expect(number(period!), label).toBe(number(allTime!));
      }
      const sum = rows.reduce((n, r) => n + number(r[1]!), 0);
      expect(sum).toBeGreaterThan(0);
      await expect
        .poll(() => card.getByTestId('views-summary').textContent())
        .toMatch(new RegExp(`^All my articles: ${sum.toLocaleString('en-GB')} views from `));

      // One article picked: its own line and numbers.
      const [topLabel, topPeriod] = rows[0]!;
      await card.getByLabel('Article').selectOption({ label: topLabel! });
      await expect
        .poll(() => card.getByTestId('views-summary').textContent())
        .toMatch(new RegExp(`^${topLabel!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${topPeriod} views`));
      await checkScreenAtBothSizes(page, 'writer-views-chart', () => expectLine(page), 600);
    } finally {
      await context.close();
    }
  });

  it('an admin sees the same per publisher', async () => {
    const { page } = admin();
    await goto(page, '/dashboard');
    const card = page.getByTestId('views-over-time');
    await card.getByRole('heading', { name: 'Views per day by publisher, last 30 days' }).waitFor();
    await expectLine(page);
    const rows = await tableRows(card);
    const views = await apiGet<{ publishers: { publisher: string; periodViews: number }[] }>(
      '/stats/publisher-views?days=30',
      await adminToken(),
    );
    expect(rows.map((r) => r[0])).toEqual(views.publishers.map((p) => p.publisher));
    expect(rows.map((r) => number(r[1]!))).toEqual(views.publishers.map((p) => p.periodViews));
    expect(views.publishers[0]!.periodViews).toBeGreaterThan(0);
    // A normal user is refused the publishers' numbers.
    const res = await fetch(`${apiUrl}/stats/publisher-views`, {
      headers: { authorization: `Bearer ${await apiToken(DEMO.reader)}` },
    });
    expect(res.status).toBe(403);
    await checkScreenAtBothSizes(page, 'admin-views-chart', () => expectLine(page), 600);
  });
});
