/**
 * What plans and numbers tell people (issue 9, §3 and §5): Premium Articles paged with "Load more";
 * the free plan's notice in Add Article before typing; the views-per-day charts over the seeded
 * history, for a writer and per publisher for admins. Axe in both themes, 360 px and desktop.
 */
import type { Locator, Page } from 'playwright-core';
import { READER_PAGE_SIZE } from '@newsroom/common';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, tokenOf } from './api-as';
import { apiGet, apiUrl, checkScreenAtBothSizes, DEMO, goto, sharedBrowser } from './harness';
import {
  apiToken,
  demoSession,
  freshUser,
  postArticle,
  sharedAdmin,
  uniqueTitle,
} from './writer-admin-fixtures';

const browser = sharedBrowser();
const admin = sharedAdmin(browser);
const adminToken = tokenOf(() => admin().account);

interface Row {
  _id: string;
  articleTitle: string;
  articleImage: string;
}

describe('Premium Articles is paged like All Articles', () => {
  const created: string[] = [];
  afterAll(async () => {
    for (const id of created)
      await apiCall('DELETE', `/my-articles/${id}`, await adminToken()).catch(() => undefined);
  });

  it(`shows ${READER_PAGE_SIZE}, then "Load more" brings the rest a page at a time`, async () => {
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
    const missing = Math.max(0, READER_PAGE_SIZE + 4 - (await premiumCount()));
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
    expect(total).toBeGreaterThan(READER_PAGE_SIZE);

    await goto(page, '/premium-articles');
    const cards = page.getByTestId('article-card');
    await cards.nth(READER_PAGE_SIZE - 1).waitFor();
    await expect.poll(() => cards.count()).toBe(READER_PAGE_SIZE);
    const more = page.getByRole('button', { name: 'Load more' });
    for (let shown = READER_PAGE_SIZE; shown < total; shown += READER_PAGE_SIZE) {
      await more.click();
      await expect.poll(() => cards.count()).toBe(Math.min(shown + READER_PAGE_SIZE, total));
    }
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
