/**
 * Tabs handed back by the tests and handed out again, emptied (docs/decisions/browser-test-stacks.md).
 *
 * Opening a tab in a new browser context costs Chromium a new renderer process that compiles the app
 * from nothing: about 1.2 CPU-seconds more than loading a page in a tab that already exists, and the
 * browser suite opened about seventy. So `newPage` (harness.ts) takes an idle tab when there is one,
 * and `context.close()` on what it returned empties the tab and keeps it instead of closing it. The
 * idle tabs outlive a file: the worker's next file gets them (harness.ts `sharedBrowser`).
 *
 * What a test sees is what a new context gives: no cookies, no localStorage, sessionStorage or
 * IndexedDB (so no Firebase sign-in and no session token), no routes, no listeners, no extra tabs, no
 * init scripts of an earlier test, and the viewport and motion preference it asked for. A tab whose
 * state cannot be emptied (a fake clock installed, or a failed clean-up) is closed for real, with its
 * context.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiUrl, e2eEnv, webUrl } from './env';

export interface PooledTab {
  context: BrowserContext;
  page: Page;
  /** The real context.close, for tabs that leave the pool. */
  closeContext: () => Promise<void>;
  /** Set when the test changed something that cannot be undone (a fake clock). */
  tainted: boolean;
  /** Removes the init scripts added since the tab was handed out. */
  disposers: (() => Promise<unknown>)[];
}

const idleTabs = new WeakMap<Browser, PooledTab[]>();
/** The real `close` of each context the pool made (its `close` method hands the tab back). */
const realClose = new WeakMap<BrowserContext, () => Promise<void>>();

/** Origins whose storage a test can fill: the site, the API (its /docs page) and the Auth emulator. */
const origins = [webUrl, apiUrl, `http://${e2eEnv.emulatorHost}`];

/** An emptied tab of `browser`, or a new one in a context of its own. */
export async function checkoutTab(browser: Browser): Promise<PooledTab> {
  const idle = idleTabs.get(browser);
  const reused = idle?.pop();
  if (reused && !reused.page.isClosed()) return reused;
  if (reused) await reused.closeContext().catch(() => {});

  const context = await browser.newContext();
  const page = await context.newPage();
  const tab: PooledTab = {
    context,
    page,
    closeContext: context.close.bind(context),
    tainted: false,
    disposers: [],
  };
  realClose.set(context, tab.closeContext);
  // Init scripts added to the context or the page (the harness's and a test's own) are removed when
  // the tab is handed back.
  context.addInitScript = disposedOnHandBack(tab, context.addInitScript.bind(context));
  page.addInitScript = disposedOnHandBack(tab, page.addInitScript.bind(page));
  // A fake clock cannot be uninstalled: it keeps the tab out of the pool.
  const install = page.clock.install.bind(page.clock);
  page.clock.install = (...args: Parameters<Page['clock']['install']>) => {
    tab.tainted = true;
    return install(...args);
  };
  context.close = async () => {
    if (tab.tainted || !(await emptied(tab))) {
      await tab.closeContext();
      return;
    }
    const list = idleTabs.get(browser) ?? [];
    list.push(tab);
    idleTabs.set(browser, list);
  };
  return tab;
}

/** `addInitScript` (of a context or a page) whose scripts are removed when `tab` is handed back. */
function disposedOnHandBack<Add extends (...args: never[]) => Promise<{ dispose: () => Promise<void> }>>(
  tab: PooledTab,
  add: Add,
): Add {
  return (async (...args: Parameters<Add>) => {
    const disposable = await add(...args);
    tab.disposers.push(() => disposable.dispose());
    return disposable;
  }) as Add;
}

/**
 * Closes, for real, every context of `browser` that is not an idle tab: those a test left open, as the
 * end of a connection would. The idle ones stay for the next file of this worker.
 */
export async function closeTabsInUse(browser: Browser): Promise<void> {
  const idle = new Set((idleTabs.get(browser) ?? []).map((tab) => tab.context));
  for (const context of browser.contexts())
    if (!idle.has(context)) await (realClose.get(context) ?? (() => context.close()))();
}

/** Empties a handed-back tab; false when it could not be (the tab then leaves the pool). */
async function emptied(tab: PooledTab): Promise<boolean> {
  const { context, page } = tab;
  try {
    for (const other of context.pages()) if (other !== page) await other.close();
    page.removeAllListeners();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    for (const dispose of tab.disposers.splice(0)) await dispose();
    // sessionStorage belongs to the tab and outlives navigation: clear it on the site's origin, from a
    // plain document there (robots.txt runs none of the app).
    await page.goto(`${webUrl}/robots.txt`);
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    const cdp = await context.newCDPSession(page);
    try {
      for (const origin of origins)
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    } finally {
      await cdp.detach();
    }
    await context.clearCookies();
    await context.clearPermissions();
    await page.goto('about:blank');
    return true;
  } catch (error) {
    console.error(`[e2e] a tab could not be emptied, closing it: ${String(error)}`);
    return false;
  }
}
