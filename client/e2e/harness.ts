/**
 * Browser helpers for the e2e specs: Chromium via playwright-core, demo logins, axe-core checks in both
 * themes, screenshots. Import from specs as `import { ... } from './harness'`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { apiUrl, chromiumLaunchOptions, e2eEnv, webUrl } from './env';
import { checkoutTab, closeTabsInUse } from './page-pool';

export { apiUrl, webUrl };

const here = path.dirname(fileURLToPath(import.meta.url));
export const screenshotDir = path.join(here, 'screenshots');

export const DEMO = {
  admin: { email: 'admin@newsroom.test', password: 'Admin1234' },
  premium: { email: 'premium@newsroom.test', password: 'Premium1234' },
  reader: { email: 'reader@newsroom.test', password: 'Reader1234' },
} as const;
export type Account = { email: string; password: string };

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 360, height: 780 };

/**
 * The run's Chromium (started once by global-setup.ts; each test makes its own context, so files share
 * no cookies or storage); closing what this returns only disconnects. Without one, a Chromium of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserWsEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumLaunchOptions);
}

/**
 * A value the tests of the enclosing file (or describe block) share: created before them, disposed of
 * after them. Read it through the returned getter, inside tests or later hooks.
 */
export function sharedForTests<T>(create: () => Promise<T>, dispose: (value: T) => Promise<void>): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await create();
  });
  afterAll(async () => {
    if (value !== undefined) await dispose(value);
  });
  return () => {
    if (value === undefined) throw new Error('read a shared test value before its beforeAll ran');
    return value;
  };
}

/**
 * This worker's connection to the run's Chromium. It outlives the file: a worker runs its files one
 * after another in one module registry (vitest.e2e.config.ts `isolate: false`), so the next file's
 * tests get the tabs this file's tests handed back (page-pool.ts) instead of new contexts.
 */
let workerBrowser: Promise<Browser> | undefined;

async function workerConnection(): Promise<Browser> {
  const current = await workerBrowser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/**
 * The run's Chromium for the enclosing file (or describe block). At its end every context a test did
 * not hand back is closed, as a closed connection would; emptied tabs stay for the next file.
 */
export function sharedBrowser(): () => Browser {
  const browser = sharedForTests(workerConnection, closeTabsInUse);
  afterAll(() => {
    // Every page of every test: no CSP violation, no server-rendered page React could not keep.
    expect(pageProblems.splice(0), 'CSP violations and hydration errors logged by the pages').toEqual([]);
  });
  return browser;
}

/**
 * What no page may log: a Content-Security-Policy violation (Chromium says why it refused), or a
 * hydration error (main.tsx: React could not keep the server's markup and drew it anew).
 */
const PAGE_PROBLEM = /Content Security Policy|Hydration error/;
const pageProblems: string[] = [];

export interface PageOptions {
  viewport?: { width: number; height: number };
  theme?: 'light' | 'dark';
  /** Keep the Home subscribe-now modal from popping up over other checks (default true). */
  suppressSubscribeModal?: boolean;
  /**
   * The reader's motion preference (default 'reduce': nothing moves on its own, so idle pages cost the
   * run's one Chromium no frames). Specs of the carousel and the counters ask for 'no-preference'.
   */
  motion?: 'reduce' | 'no-preference';
}

/**
 * A browser context + page of its own, as new: an emptied tab from an earlier test when there is one
 * (page-pool.ts), else a new context. Only loopback is reachable: the run's Chromium resolves no other
 * host (env.ts), so js.stripe.com, CDNs and Google fail as they would offline, without every request
 * taking a detour through the test process. A spec that needs a fake (e.g. Stripe.js) registers its
 * own `page.route(...)`. `context.close()` hands the tab back.
 */
export async function newPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await checkoutTab(browser);
  await page.setViewportSize(options.viewport ?? DESKTOP);
  await page.emulateMedia({
    reducedMotion: options.motion ?? 'reduce',
    colorScheme: null,
    forcedColors: null,
    media: null,
  });
  const theme = options.theme;
  const suppress = options.suppressSubscribeModal ?? true;
  await context.addInitScript(
    ({ theme, suppress }) => {
      // Only seeds the first visit; the app owns these keys afterwards.
      if (theme && !sessionStorage.getItem('e2e:theme-seeded')) {
        localStorage.setItem('theme', theme);
        sessionStorage.setItem('e2e:theme-seeded', '1');
      }
      if (suppress) sessionStorage.setItem('newsroom:subscribe-modal-seen', '1');
      // Said on the console whatever Chromium itself logs of it (PAGE_PROBLEM).
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
      );
    },
    { theme, suppress },
  );
  page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && PAGE_PROBLEM.test(message.text()))
      pageProblems.push(`${page.url()}: ${message.text()}`);
  });
  return { context, page };
}

export async function goto(page: Page, route: string): Promise<void> {
  await page.goto(`${webUrl}${route}`);
  await appTookOver(page);
}

/** Reloads the page and waits for the app, like `goto`. */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await appTookOver(page);
}

/**
 * A server-rendered first screen looks ready before the app runs: wait until the app has replaced
 * it (its data element goes with it), so clicks reach the app's handlers.
 */
async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('first-screen-data'));
}

/** Signs in through the Login screen and waits for the session (token stored, navbar avatar). */
export async function login(page: Page, account: Account): Promise<void> {
  await goto(page, '/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Login successful').waitFor();
  await page.getByTestId('avatar-button').waitFor();
  await page.waitForFunction(() => Boolean(localStorage.getItem('token')));
}

/** Creates a fresh account directly in the Auth emulator (no UI), for tests that need a brand-new user. */
export async function createEmulatorAccount(prefix = 'e2e'): Promise<Account> {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const password = 'Fresh1234';
  const res = await fetch(
    `http://${e2eEnv.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, displayName: 'E2E Reader', returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`emulator signUp failed: ${res.status} ${await res.text()}`);
  return { email, password };
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** The theme currently applied to <html>. */
export async function currentTheme(page: Page): Promise<'dark' | 'light'> {
  return (await page.evaluate(() => document.documentElement.classList.contains('dark'))) ? 'dark' : 'light';
}

/**
 * Switches theme through the on-screen moon/sun toggle (its click handler, as a click event), else (modal
 * open, no toggle) via the <html> class. navbar.e2e clicks the toggle with the mouse, as a reader would;
 * here it is plumbing between checks, and a pointer resting on the toggle after a real click keeps
 * Chromium busy for a while each time (measured: about 4× the CPU of the switch itself).
 */
export async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  if ((await currentTheme(page)) === theme) return;
  const toggle = page.getByTestId('theme-toggle');
  // With a modal open the toggle is unreachable: switch the class the toggle would switch.
  const modalOpen = (await page.locator('dialog[open], .swal2-container').count()) > 0;
  // A server-rendered toggle is not ready (aria-disabled) until the app has taken the page over: a
  // click before that is not lost by the app but refused by design (index.html), so wait for it.
  await page.waitForFunction(() => !document.documentElement.classList.contains('app-pending'));
  if (!modalOpen && (await toggle.count())) await toggle.first().dispatchEvent('click');
  else await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
  await page.waitForFunction(
    (t) => document.documentElement.classList.contains('dark') === (t === 'dark'),
    theme,
  );
}

const axeSource = readFileSync(path.resolve(here, '../../node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe's tags for the WCAG 2.1 A and AA rules, and with WCAG 2.2's (target size, focus not obscured). */
const WCAG21_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WCAG22_TAGS = [...WCAG21_TAGS, 'wcag22a', 'wcag22aa'];

/** The axe rules whose outcome depends on colours: all a theme switch can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) on the page; fails on serious or critical
 * violations. `coloursOnly` runs just the rules that depend on colours.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  { coloursOnly = false, wcag22 = false }: { coloursOnly?: boolean; wcag22?: boolean } = {},
): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource); // not a <script>: the site's CSP refuses inline ones
  // Colours are measured at rest: running transitions (theme switch, carousel fade) jump to their end
  // and no new one starts while axe runs, instead of the test waiting them out.
  const violations = await page.evaluate(
    async ([colourRules, tags]) => {
      const still = document.createElement('style');
      still.textContent = '*,*::before,*::after{transition:none!important}';
      document.head.append(still);
      for (const animation of document.getAnimations()) {
        if (animation.effect?.getComputedTiming().iterations === Infinity) continue;
        try {
          animation.finish();
        } catch {
          // already gone
        }
      }
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const axe = (
        window as unknown as {
          axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> };
        }
      ).axe;
      try {
        const result = await axe.run(document, {
          runOnly: colourRules ? { type: 'rule', values: colourRules } : { type: 'tag', values: tags },
          // Only violations are read: axe then skips building selectors and summaries for every
          // passing and incomplete node, most of its time on a long page.
          resultTypes: ['violations'],
        });
        return result.violations;
      } finally {
        still.remove();
      }
    },
    [coloursOnly ? COLOUR_RULES : null, wcag22 ? WCAG22_TAGS : [...WCAG21_TAGS, 'best-practice']] as const,
  );
  // The WCAG 2.2 check fails on any violation of its rules, whatever axe's impact.
  const serious = (violations as AxeViolation[]).filter(
    (v) => wcag22 || v.impact === 'serious' || v.impact === 'critical',
  );
  const report = serious
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`)
          .join('\n'),
    )
    .join('\n');
  if (serious.length > 0) {
    const what = wcag22 ? 'WCAG 2.2 A/AA' : 'serious/critical';
    throw new Error(`axe on ${label} (${await currentTheme(page)}) found ${what} violations:\n${report}`);
  }
}

/**
 * axe in both themes: every rule in the theme the page has, then the rules a theme can change (colours)
 * in the other one; the markup is the same in both. Then back to the first theme, unless `stay` (which
 * saves a theme switch when the caller goes on in the second theme).
 */
export async function expectAccessibleInBothThemes(
  page: Page,
  label: string,
  { stay = false, wcag22 = false }: { stay?: boolean; wcag22?: boolean } = {},
): Promise<void> {
  const first = await currentTheme(page);
  await expectNoSeriousA11yViolations(page, label, { wcag22 });
  await setTheme(page, first === 'dark' ? 'light' : 'dark');
  await expectNoSeriousA11yViolations(page, label, { coloursOnly: true, wcag22 });
  if (!stay) await setTheme(page, first);
}

/**
 * A screen at desktop and at 360 px: no sideways scrolling, axe in both themes at each size (every rule
 * in one theme, the colour rules in the other: desktop starts in the page's theme, 360 px in the other,
 * so each size sees both and only two theme switches are made), and with E2E_SCREENSHOTS=1 a screenshot
 * per theme (`<name>-<desktop|mobile>-<light|dark>`); `ready` waits for the content after each resize.
 * Ends at desktop size in the theme it started with.
 */
export async function checkScreenAtBothSizes(
  page: Page,
  name: string,
  ready: () => Promise<unknown> = async () => {},
  /** Time for animations (e.g. charts drawing in) to settle before each picture. */
  settleMs = 200,
): Promise<void> {
  const start = await currentTheme(page);
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    await ready();
    // Layout after a resize settles asynchronously (charts re-measure through ResizeObserver).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: `${name} fits ${viewport.width} px`,
        timeout: 3000,
      })
      .toBeLessThanOrEqual(0);
    await expectAccessibleInBothThemes(page, `${name} @${size}`, { stay: true });
    if (screenshotsWanted) {
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        await page.waitForTimeout(settleMs);
        await screenshot(page, `${name}-${size}-${theme}`);
      }
    }
  }
  await setTheme(page, start);
  await page.setViewportSize(DESKTOP);
}

/**
 * A SweetAlert is open (the page behind is inert, so the theme toggle cannot be clicked): axe and a
 * screenshot (`<name>-dialog-desktop-<theme>`) with each theme's colours applied to <html>.
 */
export async function expectDialogAccessibleInBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    await expectNoSeriousA11yViolations(page, `${name} dialog`, { coloursOnly: theme === 'dark' });
    await screenshot(page, `${name}-dialog-desktop-${theme}`);
  }
  await page.evaluate(() => document.documentElement.classList.toggle('dark', false));
}

/**
 * Whether the tests write their pictures (E2E_SCREENSHOTS=1): they are for people to look at after a
 * change to a screen, and no test compares them, so a plain run spends no time taking them. A
 * screen that fails is always pictured.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';

/**
 * Screenshot into client/e2e/screenshots/<name>.png when pictures are wanted (or `always`): the whole
 * page, or only the viewport with `fullPage: false`.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true, always = false }: { fullPage?: boolean; always?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted && !always) return;
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  if (!fullPage) {
    await page.screenshot({ path: file });
    return;
  }
  // Scroll once through the page so lazy images load, then wait for them (bounded) and return to the top.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
    const pending = [...document.images].filter((img) => !img.complete);
    await Promise.race([
      Promise.all(pending.map((img) => new Promise((r) => img.addEventListener('load', r, { once: true })))),
      new Promise((r) => setTimeout(r, 3000)),
    ]);
  });
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
}

/** Reads JSON from the API directly (test setup/look-ups, not what the user sees). */
export async function apiGet<T>(route: string, token?: string): Promise<T> {
  const res = await fetch(`${apiUrl}${route}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`GET ${route} → ${res.status}`);
  return (await res.json()) as T;
}
