/** Browsing and filtering All articles, premium Details rules, views counted on details, premium teaser. */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { READER_PAGE_SIZE } from '@newsroom/common';
import {
  apiGet,
  createEmulatorAccount,
  DEMO,
  goto,
  login,
  newPage,
  screenshot,
  sharedBrowser,
} from './harness';

interface Card {
  _id: string;
  articleTitle: string;
  articleDescription: string;
  publisher: string;
  Tags: string[];
  isPremium: 'Yes' | 'No';
}

const browser = sharedBrowser();
let approved: Card[];

beforeAll(async () => {
  approved = await apiGet<Card[]>('/all-articles/approved?limit=50');
  expect(approved.length).toBeGreaterThan(3);
});

const cardTitles = (page: Page) =>
  page
    .getByTestId('article-card')
    .locator('h2')
    .evaluateAll((hs) => hs.map((h) => h.textContent?.trim() ?? ''));

async function openAllArticles(page: Page): Promise<void> {
  await goto(page, '/all-articles');
  await page.getByTestId('article-card').first().waitFor();
}

describe('all articles', () => {
  it('lists approved articles with 200-character excerpts, then filters by search, publisher and tags', async () => {
    const { context, page } = await newPage(browser(), { theme: 'light' });
    await openAllArticles(page);
    expect(await cardTitles(page)).toEqual(approved.slice(0, READER_PAGE_SIZE).map((a) => a.articleTitle));
    // Card text: the first 200 characters of the description.
    const first = approved[0]!;
    const excerpt = await page.getByTestId('article-card').first().locator('p.text-sm').textContent();
    const flat = first.articleDescription.replace(/\s+/g, ' ').trim();
    expect(excerpt).toBe(flat.length > 200 ? `${flat.slice(0, 200)}…` : flat);

    // Search (title, case-insensitive).
    const target = approved[3]!;
    const word = target.articleTitle.split(' ').find((w) => w.length > 5)!;
    await page.getByLabel('Search').fill(word.toUpperCase());
    const expectedSearch = approved
      .filter((a) => a.articleTitle.toLowerCase().includes(word.toLowerCase()))
      .map((a) => a.articleTitle);
    await expect.poll(() => cardTitles(page)).toEqual(expectedSearch.slice(0, READER_PAGE_SIZE));
    await page.getByLabel('Search').fill('');

    // Publisher dropdown (default 'All Publisher Article').
    const select = page.getByLabel('Publisher');
    expect(await select.locator('option:checked').textContent()).toBe('All Publisher Article');
    await select.selectOption(target.publisher);
    const byPublisher = approved.filter((a) => a.publisher === target.publisher).map((a) => a.articleTitle);
    await expect.poll(() => cardTitles(page)).toEqual(byPublisher.slice(0, READER_PAGE_SIZE));
    await select.selectOption('');

    // Tags multi-select: any of the chosen tags.
    const tag = target.Tags[0]!;
    const label = tag.charAt(0).toUpperCase() + tag.slice(1);
    await page.locator('#tag-filter').fill(label);
    await page.keyboard.press('Enter');
    const byTag = approved.filter((a) => a.Tags.includes(tag)).map((a) => a.articleTitle);
    await expect.poll(() => cardTitles(page)).toEqual(byTag.slice(0, READER_PAGE_SIZE));
    await screenshot(page, 'all-articles-filtered-desktop-light');

    // No match: a friendly empty state.
    await page.getByLabel('Search').fill('zzzz-no-such-headline');
    await page.getByTestId('no-articles').waitFor();
    await context.close();
  });

  it('premium cards: Details disabled for signed-out and normal readers, enabled for premium users', async () => {
    const premiumTitle = approved.find((a) => a.isPremium === 'Yes')!.articleTitle;
    const premiumCard = (page: Page) => page.getByTestId('article-card').filter({ hasText: premiumTitle });

    const anon = await newPage(browser());
    await openAllArticles(anon.page);
    expect(
      await premiumCard(anon.page)
        .getByRole('button', { name: /^Details/ })
        .isDisabled(),
    ).toBe(true);
    await anon.context.close();

    const reader = await newPage(browser());
    await login(reader.page, DEMO.reader);
    await openAllArticles(reader.page);
    expect(
      await premiumCard(reader.page)
        .getByRole('button', { name: /^Details/ })
        .isDisabled(),
    ).toBe(true);
    await reader.context.close();

    const premium = await newPage(browser());
    await login(premium.page, DEMO.premium);
    await openAllArticles(premium.page);
    await premiumCard(premium.page)
      .getByRole('link', { name: /^Details/ })
      .click();
    await premium.page.getByTestId('article-body').waitFor();
    expect(await premium.page.locator('h1').textContent()).toBe(premiumTitle);
    await premium.context.close();
  });
});

describe('article details', () => {
  it('opening an article records a view: the next reader sees the count one higher', async () => {
    const article = approved.find((a) => a.isPremium === 'No')!;
    const readCount = async (page: Page) => {
      const el = page.getByTestId('details-view-count');
      await el.waitFor();
      return Number(await el.textContent());
    };

    const first = await newPage(browser());
    await login(first.page, await createEmulatorAccount('viewer-a'));
    await openAllArticles(first.page);
    await first.page.getByRole('link', { name: `Details: ${article.articleTitle}` }).click();
    await first.page.getByTestId('article-body').waitFor();
    const countA = await readCount(first.page);
    // The body is plain text with its line breaks kept.
    expect(
      await first.page.getByTestId('article-body').evaluate((el) => getComputedStyle(el).whiteSpace),
    ).toBe('pre-line');
    await first.context.close();

    const second = await newPage(browser());
    await login(second.page, await createEmulatorAccount('viewer-b'));
    await goto(second.page, `/article-details/${article._id}`);
    await expect.poll(() => readCount(second.page)).toBe(countA + 1);
    // Reloading within 30 minutes does not count the same reader twice.
    await second.page.reload();
    await expect.poll(() => readCount(second.page)).toBe(countA + 1);
    await second.context.close();
  });

  it('a premium article for a normal reader shows a teaser and a subscribe call-to-action, without logging out', async () => {
    const article = approved.find((a) => a.isPremium === 'Yes')!;
    const { context, page } = await newPage(browser());
    await login(page, DEMO.reader);
    await goto(page, `/article-details/${article._id}`);
    const teaser = page.getByTestId('premium-teaser');
    await teaser.waitFor();
    expect(await teaser.locator('h1').textContent()).toBe(article.articleTitle);
    expect(await teaser.textContent()).toContain('This is a premium story');
    // Still signed in, still on the article.
    expect(page.url()).toMatch(new RegExp(`/article-details/${article._id}$`));
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await page.getByTestId('avatar-button').waitFor();
    await teaser.getByRole('link', { name: 'Subscribe now' }).click();
    await page.waitForURL(/\/subscription$/);
    await context.close();
  });

  it('a signed-out visitor opening details stays on the article and sees its teaser, not the full text', async () => {
    const article = approved.find((a) => a.isPremium === 'No')!;
    const { context, page } = await newPage(browser());
    await goto(page, `/article-details/${article._id}`);
    const teaser = page.getByTestId('article-teaser');
    await teaser.waitFor();
    expect(await teaser.locator('h1').textContent()).toBe(article.articleTitle);
    expect(page.url()).toMatch(new RegExp(`/article-details/${article._id}$`));
    expect(await page.getByTestId('article-body').count()).toBe(0);
    await context.close();
  });
});
