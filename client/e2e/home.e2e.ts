/** Home: trending carousel, publishers, animated user counters, plan cards, the subscribe-now modal. */
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  DEMO,
  expectAccessibleInBothThemes,
  goto,
  login,
  newPage,
  screenshot,
  sharedBrowser,
} from './harness';

interface Counts {
  allUserCount: number;
  normalUsersCount: number;
  premiumUsersCount: number;
}

const browser = sharedBrowser();
afterAll(async () => {});

describe('home', () => {
  it('shows trending stories, publishers, counters reaching the live numbers and plan cards', async () => {
    const trending = await apiGet<{ articleTitle: string }[]>('/articles/trending');
    const publishers = await apiGet<{ publisherName: string }[]>('/publisher-data');
    const { context, page } = await newPage(browser(), { motion: 'no-preference' });
    await goto(page, '/');
    const carousel = page.getByTestId('trending-carousel');
    await carousel.waitFor();
    const slideTitles = await carousel
      .locator('.swiper-slide h2')
      .evaluateAll((hs) => hs.map((h) => h.textContent?.trim()));
    for (const t of trending) expect(slideTitles).toContain(t.articleTitle);

    const grid = page.getByTestId('publisher-grid');
    await grid.waitFor();
    expect(await grid.locator('li').count()).toBe(publishers.length);

    // The counters animate for 5 s, then show the live counts.
    const counts = await apiGet<Counts>('/users-count');
    await expect
      .poll(() => page.getByTestId('count-total').textContent(), { timeout: 8000 })
      .toBe(String(counts.allUserCount));
    expect(await page.getByTestId('count-normal').textContent()).toBe(String(counts.normalUsersCount));
    expect(await page.getByTestId('count-premium').textContent()).toBe(String(counts.premiumUsersCount));

    const plans = page.getByTestId('plan-card');
    expect(await plans.locator('h3').allTextContents()).toEqual(['Free', 'Monthly', 'Yearly']);
    expect(await plans.nth(1).textContent()).toContain('$10');
    expect(await plans.nth(2).textContent()).toContain('$100');
    await plans.nth(1).getByRole('link').click();
    // /subscription needs a sign-in: a signed-out visitor lands on /login.
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('a reader who asked for less motion: the counters show the numbers at once, the carousel holds still', async () => {
    const { context, page } = await newPage(browser(), { motion: 'reduce' });
    // Every number the total counter shows, from the first paint on.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { countsSeen: string[] }).countsSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="count-total"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await goto(page, '/');
    const total = String((await apiGet<Counts>('/users-count')).allUserCount);
    await expect.poll(() => page.getByTestId('count-total').textContent()).toBe(total);
    // No count from 0 up: only the placeholder, then the live number.
    const seen = await page.evaluate(() => (window as unknown as { countsSeen: string[] }).countsSeen);
    expect(seen.filter((text) => text !== '—')).toEqual([total]);

    const active = page.locator('[data-testid="trending-carousel"] .swiper-slide-active');
    const first = await active.locator('h2').textContent();
    await page.waitForTimeout(6000); // autoplay would turn the slide after 5 s
    expect(await active.locator('h2').textContent()).toBe(first);
    await context.close();
  });

  it('the carousel can be paused and played again from the keyboard (WCAG 2.2.2)', async () => {
    const { context, page } = await newPage(browser(), { motion: 'no-preference' });
    await page.clock.install();
    await goto(page, '/');
    const pause = page.getByRole('button', { name: 'Pause the trending stories' });
    await pause.waitFor();
    expect(await pause.getAttribute('aria-pressed')).toBe('false');
    const active = page.locator('[data-testid="trending-carousel"] .swiper-slide-active');
    await active.waitFor();

    await pause.focus();
    await page.keyboard.press('Enter');
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    const held = await active.locator('h2').textContent();
    await page.clock.runFor(12_000); // two turns' worth
    expect(await active.locator('h2').textContent()).toBe(held);

    await page.keyboard.press('Enter');
    expect(await pause.getAttribute('aria-pressed')).toBe('false');
    await page.clock.runFor(6_000);
    await expect.poll(() => active.locator('h2').textContent(), { timeout: 5000 }).not.toBe(held);
    const box = await pause.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    await context.close();
  });

  it('the carousel shows its arrows and bullets from the start, is set up when it first turns, and a bullet pressed before that turns to its slide', async () => {
    const trending = await apiGet<{ articleTitle: string }[]>('/articles/trending');
    expect(trending.length).toBeGreaterThan(2);
    const { context, page } = await newPage(browser(), { motion: 'no-preference' });
    await page.clock.install();
    await goto(page, '/');
    const carousel = page.getByTestId('trending-carousel');
    const active = carousel.locator('.swiper-slide-active h2');
    const bullets = carousel.locator('.swiper-pagination-bullet');
    expect(await bullets.count()).toBe(trending.length);
    expect(await bullets.first().isVisible()).toBe(true);
    expect(await carousel.locator('.swiper-button-next svg').count()).toBe(1);
    expect(await active.textContent()).toBe(trending[0]!.articleTitle);
    // Nothing set up yet (Swiper marks its root): the page's start did none of that work.
    expect(await carousel.evaluate((el) => el.classList.contains('swiper-initialized'))).toBe(false);
    await page.clock.runFor(4_000);
    expect(await carousel.evaluate((el) => el.classList.contains('swiper-initialized'))).toBe(false);
    // The first turn, 5 s after the page showed: set up, and on to the second story.
    await page.clock.runFor(1_500);
    await expect.poll(() => active.textContent(), { timeout: 5000 }).toBe(trending[1]!.articleTitle);
    expect(await carousel.evaluate((el) => el.classList.contains('swiper-initialized'))).toBe(true);
    await context.close();

    // A reader who presses the third bullet at once gets the third story.
    const again = await newPage(browser(), { motion: 'no-preference' });
    await again.page.clock.install();
    await goto(again.page, '/');
    const third = again.page.getByTestId('trending-carousel').locator('.swiper-pagination-bullet').nth(2);
    await third.click();
    await expect
      .poll(
        () => again.page.locator('[data-testid="trending-carousel"] .swiper-slide-active h2').textContent(),
        {
          timeout: 5000,
        },
      )
      .toBe(trending[2]!.articleTitle);
    await again.context.close();
  });

  // The browser's clock is Playwright's fake one (page.clock): the 10-second timers run in virtual
  // time, so these checks wait for no real seconds and hold the same at any machine load.
  it('the subscribe-now modal appears once per visit, after 10 s, to a signed-out reader', async () => {
    const { context, page } = await newPage(browser(), { suppressSubscribeModal: false, theme: 'light' });
    await page.clock.install();
    await goto(page, '/');
    await page.getByTestId('trending-carousel').waitFor();
    const modal = page.getByTestId('subscribe-modal');
    await page.clock.runFor(8000);
    expect(await modal.count(), 'not before 10 s').toBe(0);
    await page.clock.runFor(2500);
    await modal.waitFor({ timeout: 5000 });
    expect(await modal.getByRole('heading').textContent()).toBe('Subscribe now');
    await expectAccessibleInBothThemes(page, 'subscribe modal');
    await screenshot(page, 'home-subscribe-modal-desktop-light');
    await modal.getByRole('button', { name: 'Maybe later' }).click();
    await modal.waitFor({ state: 'detached' });
    // Same visit: not again.
    await page.reload();
    await page.getByTestId('trending-carousel').waitFor();
    await page.clock.runFor(11_000);
    expect(await modal.count()).toBe(0);
    await context.close();
  });

  it('a premium reader never gets the subscribe-now modal', async () => {
    const { context, page } = await newPage(browser(), { suppressSubscribeModal: false });
    await login(page, DEMO.premium);
    await page.clock.install();
    await goto(page, '/');
    await page.getByTestId('trending-carousel').waitFor();
    await page.clock.runFor(11_000);
    expect(await page.getByTestId('subscribe-modal').count()).toBe(0);
    await context.close();
  });

  it('About us: the fixed claims and the live active-user count from GET /active-users', async () => {
    const { context, page } = await newPage(browser());
    await login(page, DEMO.reader); // a signed-in reader counts as active
    await goto(page, '/about-us');
    for (const claim of ['500+', '1M+', '100+']) await page.getByText(claim, { exact: true }).waitFor();
    const { activeUsers } = await apiGet<{ activeUsers: number }>('/active-users');
    expect(activeUsers).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.getByTestId('active-users').textContent()).toBe(String(activeUsers));
    await context.close();
  });
});
