/**
 * Responsive images (issue 8): every image carries width/height (no layout shift), our stored images a
 * WebP + JPEG/PNG srcset, images below the fold load lazily, and each page's largest image (the first
 * carousel slide on home, the first card on all articles, the details image) is fetched first.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, DEMO, goto, login, MOBILE, newPage, sharedBrowser } from './harness';

const browser = sharedBrowser();

interface Shown {
  src: string;
  srcset: string | null;
  sizes: string | null;
  webp: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchpriority: string | null;
  /** Distance of the image's top from the top of the page, in CSS px. */
  top: number;
  /** Inside an article card. */
  inCard: boolean;
}

/** Every <img> of the page with what the browser is told about it. */
function imagesOf(page: Page): Promise<Shown[]> {
  return page.$$eval('img', (imgs) =>
    imgs.map((img) => {
      const picture = img.parentElement?.tagName === 'PICTURE' ? img.parentElement : null;
      return {
        src: img.getAttribute('src') ?? '',
        srcset: img.getAttribute('srcset'),
        sizes: img.getAttribute('sizes'),
        webp: picture?.querySelector('source[type="image/webp"]')?.getAttribute('srcset') ?? null,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        fetchpriority: img.getAttribute('fetchpriority'),
        top: img.getBoundingClientRect().top + window.scrollY,
        inCard: img.closest('[data-testid="article-card"]') !== null,
      };
    }),
  );
}

/**
 * Our stored images with variants: `…/uploads/<base>--<W>x<H>.jpg|png` (all seeded ones are). Any
 * port: the demo logins' Firebase photo may name another local API that seeded the shared emulator.
 */
const ours = (src: string) =>
  /^http:\/\/127\.0\.0\.1:\d+\/uploads\/[a-z0-9-]+--\d+x\d+\.(jpg|png)$/.test(src);

/**
 * Every image carries width and height; ours carry a JPEG/PNG srcset, a WebP one and sizes; any other
 * (a photo from another host) none. `onlyOurs`: the page shows only seeded images.
 */
function expectResponsive(images: Shown[], label: string, onlyOurs = true): void {
  expect(images.length, label).toBeGreaterThan(0);
  for (const img of images) {
    const what = `${label}: ${img.src}`;
    expect(Number(img.width), what).toBeGreaterThan(0);
    expect(Number(img.height), what).toBeGreaterThan(0);
    if (onlyOurs) expect(ours(img.src), what).toBe(true);
    if (ours(img.src)) {
      expect(img.srcset, what).toMatch(/ \d+w$/);
      expect(img.webp, what).toMatch(/\.webp \d+w$/);
      expect(img.sizes, what).toBeTruthy();
    } else {
      expect(img.srcset, what).toBeNull();
    }
  }
}

/** Exactly one image is fetched first and not lazily: the given one. */
function expectOnlyLcp(images: Shown[], lcp: Shown | undefined, label: string): void {
  expect(lcp, label).toBeDefined();
  expect(lcp!.fetchpriority, label).toBe('high');
  expect(lcp!.loading, label).not.toBe('lazy');
  expect(
    images.filter((i) => i.fetchpriority === 'high'),
    label,
  ).toHaveLength(1);
}

/** Waits until the image fills and answers which file the browser picked. */
async function loadedSource(
  page: Page,
  selector: string,
): Promise<{ currentSrc: string; naturalWidth: number }> {
  const img = page.locator(selector).first();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
      timeout: 15_000,
    })
    .toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({
    currentSrc: el.currentSrc,
    naturalWidth: el.naturalWidth,
  }));
}

describe('responsive images', () => {
  it('home: carousel slides and publisher logos; the first slide is the LCP image, logos load lazily', async () => {
    const { context, page } = await newPage(browser(), { viewport: MOBILE });
    await goto(page, '/');
    await page.getByTestId('trending-carousel').locator('img').first().waitFor({ state: 'attached' });
    await page.getByTestId('publisher-grid').waitFor();
    const images = await imagesOf(page);
    expectResponsive(images, 'home');
    const slides = await page
      .getByTestId('trending-carousel')
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(slides.length).toBeGreaterThanOrEqual(3);
    const first = images.find((i) => i.src === slides[0]);
    expectOnlyLcp(images, first, 'home');
    const fold = MOBILE.height;
    for (const img of images.filter((i) => i.top > fold)) expect(img.loading, img.src).toBe('lazy');
    expect(images.filter((i) => i.top > fold).length).toBeGreaterThan(0);

    // A 360 px wide phone gets a small WebP variant, not the 1200 px cover.
    const picked = await loadedSource(page, '[data-testid="trending-carousel"] img');
    expect(picked.currentSrc).toMatch(/--\d+x\d+-(400|800)\.webp$/);
    await context.close();
  });

  it('all articles: every card, the first one fetched first, cards below the first row lazily', async () => {
    const { context, page } = await newPage(browser());
    await goto(page, '/all-articles');
    const cards = page.getByTestId('article-card');
    await cards.first().waitFor();
    const images = await imagesOf(page);
    expectResponsive(images, 'all articles');
    // Each card's image in the order of the cards (not found by address: articles the other browser
    // tests approve reuse a seeded article's image, so one address can be on several cards).
    const byCard = images.filter((i) => i.inCard);
    expect(byCard.length).toBeGreaterThan(3);
    expectOnlyLcp(images, byCard[0], 'all articles');
    expect(byCard.slice(1, 3).map((i) => i.loading)).toEqual(['eager', 'eager']);
    for (const img of byCard.slice(3)) expect(img.loading).toBe('lazy');
    expect((await loadedSource(page, '[data-testid="article-card"] img')).currentSrc).toMatch(/\.webp$/);
    await context.close();
  });

  it('details: the cover is the LCP image; the author photo is responsive too', async () => {
    const articles = await apiGet<{ _id: string; isPremium: string; userInfo?: { image?: string } }[]>(
      '/all-articles/approved?limit=50',
    );
    // Other files approve articles by writers without a photo: pick one whose author has one.
    const free = articles.find((a) => a.isPremium === 'No' && a.userInfo?.image)!;
    const { context, page } = await newPage(browser());
    await login(page, DEMO.reader);
    await goto(page, `/article-details/${free._id}`);
    await page.getByTestId('article-details').waitFor();
    const images = await imagesOf(page);
    expectResponsive(images, 'details');
    const cover = await page.locator('[data-testid="article-details"] figure img').getAttribute('src');
    expectOnlyLcp(
      images,
      images.find((i) => i.src === cover),
      'details',
    );
    const author = await page.locator('[data-testid="article-details"] header img').getAttribute('src');
    expect(images.find((i) => i.src === author)?.srcset).toBeTruthy();
    const picked = await loadedSource(page, '[data-testid="article-details"] figure img');
    expect(picked.currentSrc).toMatch(/\.webp$/);
    await context.close();
  });

  it('dashboard: avatars and article thumbnails of the admin tables and the profile', async () => {
    const { context, page } = await newPage(browser());
    await login(page, DEMO.admin);
    for (const route of ['/dashboard/all-users', '/dashboard/all-articles-admin', '/dashboard/my-profile']) {
      await goto(page, route);
      // Users that other tests registered without a photo may fill the first page of five.
      if (route === '/dashboard/all-users') await page.getByLabel('Per page').selectOption('50');
      await page.locator('main img').first().waitFor({ state: 'attached' });
      // Users registered by other specs may have photos from elsewhere: only ours need variants.
      const images = await imagesOf(page);
      expectResponsive(images, route, false);
      expect(images.filter((i) => ours(i.src)).length, route).toBeGreaterThan(0);
    }
    await context.close();
  });
});
