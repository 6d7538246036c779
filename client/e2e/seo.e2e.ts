/**
 * Findable and shareable: what crawlers, feed readers and link previews get from the site origin
 * before any JavaScript runs (raw HTML, robots.txt, sitemap, RSS), the signed-out article page with
 * its way back after sign-in, and the headline as the document title.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiUrl, createEmulatorAccount, DEMO, goto, newPage, sharedBrowser, webUrl } from './harness';
import { apiToken } from './writer-admin-fixtures';

interface Card {
  _id: string;
  articleTitle: string;
  articleImage: string;
  articleDescription: string;
  publisher: string;
  isPremium: 'Yes' | 'No';
  createdAt: string;
  userInfo: { name: string };
}

const NASTY_TITLE = `Quotes "double" & 'single' </script><script>document.title='pwned'</script>`;
const browser = sharedBrowser();
let approved: Card[];
let free: Card;
let premium: Card;
let nasty: string;
let pending: string;

const summary = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The browser tests' sessions are short (SESSION_TTL_SECONDS): a fresh admin token per call. */
const adminToken = () => apiToken(DEMO.admin);

async function adminCall(method: string, route: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${apiUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${await res.text()}`);
  return res;
}

async function postArticle(title: string): Promise<string> {
  const res = await adminCall('POST', `/articles?email=${encodeURIComponent(DEMO.admin.email)}`, {
    title,
    photoURL: free.articleImage,
    publisher: free.publisher,
    formatedTags: ['art'],
    description: `A story whose headline tries to escape.\n\n${'It goes on. '.repeat(60)}`,
  });
  return ((await res.json()) as { insertedId: string }).insertedId;
}

beforeAll(async () => {
  approved = await apiGet<Card[]>('/all-articles/approved?limit=50');
  free = approved.find((a) => a.isPremium === 'No')!;
  // A premium story longer than its teaser (other files make short test articles premium).
  premium = approved.find((a) => a.isPremium === 'Yes' && a.articleDescription.length >= 300)!;
  expect(free && premium, 'the seed has free and premium approved articles').toBeTruthy();
  nasty = await postArticle(NASTY_TITLE);
  await adminCall('PATCH', `/update/status/${nasty}`);
  pending = await postArticle('Still waiting for review');
  approved = await apiGet<Card[]>('/all-articles/approved?limit=50');
});
afterAll(async () => {
  for (const id of [nasty, pending]) if (id) await adminCall('DELETE', `/my-articles/${id}`);
});

/** Raw HTML as a crawler gets it: no JavaScript runs. */
async function rawPage(route: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${webUrl}${route}`, { headers: { accept: 'text/html' } });
  return { status: res.status, html: await res.text() };
}

interface HeadTags {
  title: string;
  metas: Record<string, string>;
  canonical: string | null;
  jsonLd: Record<string, unknown>[];
  scripts: number;
  hasRoot: boolean;
}

/** Parses HTML with the browser's parser (DOMParser runs no scripts) and reads the head tags. */
async function headOf(page: Page, html: string): Promise<HeadTags> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const metas: Record<string, string> = {};
    for (const meta of doc.querySelectorAll('meta[name], meta[property]')) {
      metas[meta.getAttribute('name') ?? meta.getAttribute('property')!] = meta.getAttribute('content') ?? '';
    }
    return {
      title: doc.title,
      metas,
      canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
      ),
      scripts: doc.querySelectorAll('script').length,
      hasRoot: doc.getElementById('root') !== null,
    };
  }, html);
}

describe('crawler-visible pages (raw HTML, no JavaScript)', () => {
  it('an article page carries its headline, description, canonical link, Open Graph, Twitter card and JSON-LD', async () => {
    const { page, context } = await newPage(browser());
    const { status, html } = await rawPage(`/article-details/${free._id}`);
    expect(status).toBe(200);
    const head = await headOf(page, html);
    const url = `${webUrl}/article-details/${free._id}`;
    const teaser = summary(free.articleDescription);
    expect(head.title).toBe(free.articleTitle);
    expect(head.metas).toMatchObject({
      description: teaser,
      'og:type': 'article',
      'og:title': free.articleTitle,
      'og:description': teaser,
      'og:image': free.articleImage,
      'og:url': url,
      'og:site_name': 'Newsroom',
      'twitter:card': 'summary_large_image',
      'twitter:title': free.articleTitle,
      'twitter:description': teaser,
      'twitter:image': free.articleImage,
    });
    expect(head.canonical).toBe(url);
    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: free.articleTitle,
      image: [free.articleImage],
      datePublished: free.createdAt,
      author: [{ '@type': 'Person', name: free.userInfo.name }],
      publisher: { '@type': 'Organization', name: free.publisher },
    });
    expect(head.hasRoot).toBe(true);
    await context.close();
  });

  it('a headline with </script> and quotes stays text everywhere it lands', async () => {
    const { page, context } = await newPage(browser());
    // The bare shell, as a page without a server-rendered first screen gets it.
    const shell = await headOf(page, (await rawPage('/no-such-page')).html);
    const { status, html } = await rawPage(`/article-details/${nasty}`);
    expect(status).toBe(200);
    const head = await headOf(page, html);
    expect(head.title).toBe(NASTY_TITLE);
    expect(head.metas['og:title']).toBe(NASTY_TITLE);
    expect(head.metas['twitter:title']).toBe(NASTY_TITLE);
    expect(head.jsonLd[0]!.headline).toBe(NASTY_TITLE);
    // Only the JSON-LD block and the first screen's data were added to the shell's scripts: the
    // headline, in both and in the server-rendered markup, opened none.
    expect(head.scripts).toBe(shell.scripts + 2);
    expect(html).toContain('<script type="application/json" id="first-screen-data">');
    // And the app, run for real, shows it as text.
    await goto(page, `/article-details/${nasty}`);
    await page.getByTestId('article-teaser').waitFor();
    expect(await page.locator('h1').textContent()).toBe(NASTY_TITLE);
    await expect.poll(() => page.title()).toBe(NASTY_TITLE);
    await context.close();
  });

  it('unknown and unapproved ids answer 404 with the app shell and no article tags', async () => {
    const { page, context } = await newPage(browser());
    // The bare shell, as a page without a server-rendered first screen gets it.
    const shell = await headOf(page, (await rawPage('/no-such-page')).html);
    for (const id of ['0123456789abcdef01234567', pending]) {
      const { status, html } = await rawPage(`/article-details/${id}`);
      expect(status, id).toBe(404);
      const head = await headOf(page, html);
      expect(head).toEqual(shell);
      expect(head.canonical).toBeNull();
      expect(head.jsonLd).toEqual([]);
      expect(Object.keys(head.metas).filter((k) => k.startsWith('og:') || k.startsWith('twitter:'))).toEqual(
        [],
      );
      expect(head.hasRoot).toBe(true);
    }
    // The app then says so (a signed-out visitor is not sent to a sign-in wall).
    await goto(page, '/article-details/0123456789abcdef01234567');
    await page.getByRole('heading', { name: 'Article not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Article Not Found | Newsroom');
    await context.close();
  });

  it('robots.txt allows everything and names the sitemap', async () => {
    const res = await fetch(`${webUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${webUrl}/sitemap.xml\n`);
  });

  it('sitemap.xml parses and lists home, all articles, about and every approved article', async () => {
    const res = await fetch(`${webUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ isArray: (name) => name === 'url' }).parse(xml) as {
      urlset: { url: { loc: string; lastmod?: string }[] };
    };
    const locs = doc.urlset.url.map((u) => u.loc);
    const index = await apiGet<{ _id: string }[]>('/articles/public');
    expect(locs).toEqual([
      `${webUrl}/`,
      `${webUrl}/all-articles`,
      `${webUrl}/about-us`,
      ...index.map((a) => `${webUrl}/article-details/${a._id}`),
    ]);
    expect(locs).toContain(`${webUrl}/article-details/${nasty}`);
    expect(locs).not.toContain(`${webUrl}/article-details/${pending}`);
    expect(doc.urlset.url.slice(3).every((u) => !Number.isNaN(Date.parse(u.lastmod ?? '')))).toBe(true);
  });

  it('rss.xml parses as RSS 2.0 with the 50 newest approved articles, premium ones as 300-character teasers', async () => {
    const res = await fetch(`${webUrl}/rss.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => name === 'item' || name === 'category',
    }).parse(xml) as {
      rss: {
        '@_version': string;
        channel: {
          title: string;
          item: { title: string; link: string; description: string; category: string[] }[];
        };
      };
    };
    expect(doc.rss['@_version']).toBe('2.0');
    const items = doc.rss.channel.item;
    expect(items.map((i) => i.link)).toEqual(approved.map((a) => `${webUrl}/article-details/${a._id}`));
    expect(items.find((i) => i.link.endsWith(nasty))!.title).toBe(NASTY_TITLE);
    const premiumItems = items.filter((i) => i.category.includes('Premium'));
    expect(premiumItems.length).toBe(approved.filter((a) => a.isPremium === 'Yes').length);
    // The full premium text (read with a premium session) is longer than what the feed gives away.
    const full = await apiGet<{ articleDescription: string }>(
      `/article/data/${premium._id}`,
      await apiToken(DEMO.premium),
    );
    expect(full.articleDescription.length).toBeGreaterThan(300);
    for (const item of premiumItems) expect(item.description.length).toBeLessThanOrEqual(300);
    const premiumItem = premiumItems.find((i) => i.link.endsWith(premium._id))!;
    expect(summary(full.articleDescription).startsWith(premiumItem.description)).toBe(true);
  });
});

describe('signed-out article page', () => {
  it('shows headline, image, publisher, date and teaser with "Sign in to read", then the full article after sign-in', async () => {
    const viewsOf = async () =>
      (await apiGet<{ totalViewCount: number }>(`/article/data/${free._id}`, await adminToken()))
        .totalViewCount;
    const viewsBefore = await viewsOf();
    const { page, context } = await newPage(browser());
    await goto(page, `/article-details/${free._id}`);
    const teaser = page.getByTestId('article-teaser');
    await teaser.waitFor();
    expect(await teaser.locator('h1').textContent()).toBe(free.articleTitle);
    expect(await teaser.locator('img').first().getAttribute('src')).toBe(free.articleImage);
    expect(await teaser.textContent()).toContain(free.publisher);
    expect(await teaser.locator('time').getAttribute('datetime')).toBe(free.createdAt);
    const text = await page.getByTestId('article-teaser-text').textContent();
    expect(text!.replace(/…$/, '')).toBe(free.articleDescription.slice(0, 300));
    expect(await page.getByTestId('article-body').count()).toBe(0);
    await expect.poll(() => page.title()).toBe(free.articleTitle);
    // Reading the teaser counts no view: counting needs a signed-in reader.
    expect(await viewsOf()).toBe(viewsBefore);

    await teaser.getByRole('link', { name: 'Sign in to read' }).click();
    await page.waitForURL(/\/login$/);
    // A new reader: no earlier view of this article in the last 30 minutes holds back the count.
    const reader = await createEmulatorAccount('teaser-reader');
    await page.getByLabel('Email').fill(reader.email);
    await page.getByLabel('Password').fill(reader.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(new RegExp(`/article-details/${free._id}$`));
    const body = page.getByTestId('article-body');
    await body.waitFor();
    const full = await apiGet<{ articleDescription: string }>(
      `/article/data/${free._id}`,
      await adminToken(),
    );
    expect(await body.textContent()).toBe(full.articleDescription);
    await expect.poll(() => page.title()).toBe(free.articleTitle);
    await expect.poll(viewsOf).toBe(viewsBefore + 1);
    await context.close();
  });

  it('a premium article shows its teaser with the subscribe call to action', async () => {
    const { page, context } = await newPage(browser());
    await goto(page, `/article-details/${premium._id}`);
    const teaser = page.getByTestId('article-teaser');
    await teaser.waitFor();
    expect(await teaser.locator('h1').textContent()).toBe(premium.articleTitle);
    expect(await teaser.textContent()).toContain('This is a premium story');
    expect((await page.getByTestId('article-teaser-text').textContent())!.length).toBeLessThanOrEqual(301);
    await teaser.getByRole('link', { name: 'Subscribe now' }).click();
    // Subscribing needs an account: the sign-in screen, which then returns to the subscription.
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('titles follow the reader around the app: the headline on its page, the screen name elsewhere', async () => {
    const { page, context } = await newPage(browser());
    await goto(page, '/all-articles');
    await expect.poll(() => page.title()).toBe('All Articles | Newsroom');
    // Whichever story the list shows first (other files on this stack add stories of their own).
    const details = page.getByRole('link', { name: /^Details: / }).first();
    const headline = (await details.getAttribute('aria-label'))!.slice('Details: '.length);
    await details.click();
    await page.getByTestId('article-details').or(page.getByTestId('article-teaser')).first().waitFor();
    await expect.poll(() => page.title()).toBe(headline);
    await page.getByRole('link', { name: 'All articles' }).first().click();
    await expect.poll(() => page.title()).toBe('All Articles | Newsroom');
    await context.close();
  });
});
