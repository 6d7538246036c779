/**
 * The API reference page renders offline: GET /docs on the API, in Chromium, with every request to
 * a host other than this machine refused, shows the document's title and its operations, and the
 * page asks for nothing outside the API's origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiUrl, newPage, sharedBrowser } from './harness';

const browser = sharedBrowser();
let context: BrowserContext;
let page: Page;
const requested: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  ({ context, page } = await newPage(browser()));
  page.on('request', (request) => requested.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
});
afterAll(async () => {
  await context.close();
});

describe('GET /docs', () => {
  it('shows the API title and its operations, from the API origin only', async () => {
    await page.goto(`${apiUrl}/docs`);
    await expect.poll(() => page.getByRole('heading', { name: /Newsroom API/ }).count()).toBeGreaterThan(0);
    // An operation, by its path and summary.
    const approved = page.locator('.opblock', { hasText: '/all-articles/approved' }).first();
    await approved.waitFor();
    await expect.poll(() => approved.textContent()).toContain('Approved articles, newest first');

    await approved.locator('.opblock-summary').click();
    await expect.poll(() => approved.textContent()).toContain('publicationFiler');
    // No script error and no CSP refusal (Chromium logs those as console errors).
    expect(problems).toEqual([]);
    const origin = new URL(apiUrl).origin;
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(requested).toContain(`${origin}/openapi.json`);
  });
});
