/**
 * The accessibility statement (issue 23): linked from every page's footer, readable at both sizes and
 * in both themes with no axe violation.
 */
import { describe, expect, it } from 'vitest';
import { checkScreenAtBothSizes, goto, newPage, sharedBrowser } from './harness';

const browser = sharedBrowser();

describe('accessibility statement', () => {
  it("is a link in the site's footer, and passes axe at desktop and phone sizes in both themes", async () => {
    const { context, page } = await newPage(browser());
    for (const route of ['/', '/all-articles', '/about-us']) {
      await goto(page, route);
      expect(
        await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }).count(),
        route,
      ).toBe(1);
    }
    await goto(page, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }).click();
    await page.waitForURL(/\/accessibility$/);
    await page.getByRole('heading', { level: 1, name: 'Accessibility statement' }).waitFor();
    await expect.poll(() => page.title()).toBe('Accessibility | Newsroom');
    expect(await page.getByRole('link', { name: 'accessibility@newsroom.test' }).getAttribute('href')).toBe(
      'mailto:accessibility@newsroom.test',
    );
    await checkScreenAtBothSizes(page, 'accessibility-statement');
    await context.close();
  });
});
