/**
 * The first screen goes into #root in place of the placeholder masthead, with its data beside it as
 * JSON no article text can break out of; shells without the placeholder and builds without a
 * renderer are left as they are. (The rendering itself: client/e2e/first-screen.e2e.ts.)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { ArticleTeaser } from '../articles/types.js';
import { loadAppCode, loadRenderer, withFirstScreen, type AppCode } from './first-screen-render.js';

const ENTRY = '<script type="module" crossorigin src="/assets/index-abc123.js"></script>';
const PRELOADS =
  '<link rel="modulepreload" crossorigin href="/assets/jsx-runtime-a1.js">\n' +
  '<link rel="modulepreload" crossorigin href="/assets/Home-b2.js" />';
/** What Vite's manifest and the page's hints say the shell loads. */
const CODE: AppCode = {
  entry: '/assets/index-abc123.js',
  modules: ['/assets/jsx-runtime-a1.js', '/assets/Home-b2.js'],
};
const SHELL = `<!doctype html><html><head><title>Newsroom</title>${ENTRY}\n${PRELOADS}</head><body>
    <div id="root">
      <header>placeholder masthead</header>
      <!--/first-screen-->
    </div>
  </body></html>`;

const teaser: ArticleTeaser = {
  _id: 'a'.repeat(24),
  articleTitle: `</script><script>alert(1)</script> & "quotes"`,
  articleImage: 'https://images.example.test/a.jpg',
  articleDescription: 'Teaser <!-- not a comment',
  publisher: 'Daily',
  Tags: [],
  isPremium: 'No',
  createdAt: '2026-01-01T00:00:00.000Z',
  userInfo: { name: 'Ann', image: '' },
};

describe('withFirstScreen', () => {
  it('puts the markup alone in #root instead of the placeholder, its data right after #root', () => {
    const page = withFirstScreen(SHELL, '<main>Rendered</main>', { teaser }, CODE);
    expect(page).not.toContain('placeholder masthead');
    // Nothing but the markup in #root, not even white space: the app hydrates exactly that.
    expect(page).toMatch(
      /<div id="root"><main>Rendered<\/main><\/div>\s*<script type="application\/json" id="first-screen-data">/,
    );
    expect(page).toMatch(/<\/script>\s*<\/body>/);
    const json = /id="first-screen-data">([^<]*)<\/script>/.exec(page)?.[1] ?? '';
    // Nothing in the data closes the script element or opens a comment; it parses back unchanged.
    expect(json).not.toMatch(/<|>/);
    expect(JSON.parse(json)).toEqual({ teaser });
  });

  it("fetches and runs the app's code only after the first contentful paint, in the same order", () => {
    const page = withFirstScreen(SHELL, '<main>Rendered</main>', {}, CODE);
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain('rel="modulepreload"');
    const loader = /<script>(.*)<\/script>\s*<\/head>/s.exec(page)?.[1] ?? '';
    const browser = runLoader(loader);
    expect(browser.added).toEqual([]);
    browser.paint('first-paint');
    browser.runTimers(0);
    expect(browser.added).toEqual([]); // a paint without content is not the first screen's
    browser.paint('first-contentful-paint');
    expect(browser.added).toEqual([]); // not inside the observer's callback: in a task after it
    browser.runTimers(0);
    expect(browser.added).toEqual([
      'link modulepreload /assets/jsx-runtime-a1.js',
      'link modulepreload /assets/Home-b2.js',
      'script module /assets/index-abc123.js',
    ]);
    browser.runTimers(1_000); // the fallback finds it started: nothing twice
    expect(browser.added).toHaveLength(3);
  });

  it('adds the module preloads a few per task, so adding twenty never holds the main thread long', () => {
    const many = Array.from(
      { length: 20 },
      (_, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk-${i}.js">`,
    ).join('\n');
    const shell = SHELL.replace('</head>', `${many}\n</head>`);
    const code = {
      ...CODE,
      modules: [...CODE.modules, ...Array.from({ length: 20 }, (_, i) => `/assets/chunk-${i}.js`)],
    };
    const page = withFirstScreen(shell, '<main />', {}, code);
    expect(page).not.toContain('rel="modulepreload"');
    const loader = /<script>(.*)<\/script>\s*<\/head>/s.exec(page)?.[1] ?? '';
    // Each insert compiles a module that has arrived: 3 ms of work on this clock.
    const browser = runLoader(loader, 3);
    browser.paint('first-contentful-paint');
    for (let round = 0; round < 20 && !browser.added.some((a) => a.startsWith('script')); round++) {
      browser.runTimers(0);
    }
    expect(browser.added).toHaveLength(23);
    expect(browser.added.at(-1)).toBe('script module /assets/index-abc123.js');
    expect(browser.added.slice(0, 2)).toEqual([
      'link modulepreload /assets/jsx-runtime-a1.js',
      'link modulepreload /assets/Home-b2.js',
    ]);
    const busy = browser.tasks.filter((n) => n > 0);
    expect(busy.length).toBeGreaterThan(5);
    // No task adds more than fits in about 8 ms (3 at 3 ms each).
    expect(Math.max(...busy)).toBeLessThanOrEqual(3);
  });

  it('starts the app after a second when no paint is reported (a background tab)', () => {
    const loader =
      /<script>(.*)<\/script>\s*<\/head>/s.exec(withFirstScreen(SHELL, '<main />', {}, CODE))?.[1] ?? '';
    const browser = runLoader(loader);
    browser.runTimers(0);
    expect(browser.added).toEqual([]);
    browser.runTimers(1_000);
    expect(browser.added).toHaveLength(3);
  });

  it('leaves a shell without the placeholder unchanged', () => {
    const bare = '<html><body><div id="root"></div></body></html>';
    expect(withFirstScreen(bare, '<main>x</main>', {}, CODE)).toBe(bare);
  });
});

describe('loadAppCode', () => {
  it("reads the entry and its static imports (not its lazy ones) from Vite's manifest", () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'newsroom-manifest-'));
    try {
      expect(loadAppCode(dist)).toBeNull();
      mkdirSync(path.join(dist, '.vite'));
      const manifest = {
        'index.html': {
          file: 'assets/index-abc123.js',
          isEntry: true,
          imports: ['_jsx-runtime-a1.js', '_query-c3.js'],
          dynamicImports: ['src/app/routes/Home.tsx'],
        },
        '_jsx-runtime-a1.js': { file: 'assets/jsx-runtime-a1.js' },
        '_query-c3.js': { file: 'assets/query-c3.js', imports: ['_jsx-runtime-a1.js', '_react-d4.js'] },
        '_react-d4.js': { file: 'assets/react-d4.js' },
        'src/app/routes/Home.tsx': { file: 'assets/Home-b2.js', isDynamicEntry: true },
      };
      writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
      expect(loadAppCode(dist)).toEqual({
        entry: '/assets/index-abc123.js',
        modules: ['/assets/jsx-runtime-a1.js', '/assets/query-c3.js', '/assets/react-d4.js'],
      });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('loadRenderer', () => {
  it('is null for a build without a renderer (pages go out without a first screen)', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'newsroom-no-ssr-'));
    try {
      expect(loadRenderer(dist, pino({ level: 'silent' }))).toBeNull();
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

/**
 * Runs the page's inline loader against a stand-in for the browser's document, paint observer and
 * timers, and answers what it added to the head (`<tag> <rel|type> <url>`).
 */
/** `appendCostMs`: how long each appendChild takes on the fake clock (a module compiled on insert). */
function runLoader(loader: string, appendCostMs = 0) {
  const added: string[] = [];
  let clock = 0;
  const tasks: number[] = [];
  const timers: Array<{ ms: number; fn: () => void }> = [];
  const observers: Array<
    (list: { getEntriesByName(name: string): unknown[] }, o: { disconnect(): void }) => void
  > = [];
  const document = {
    createElement: (tag: string) => ({ tag }) as Record<string, string>,
    head: {
      appendChild: (e: Record<string, string>) => {
        clock += appendCostMs;
        tasks[tasks.length - 1] = (tasks.at(-1) ?? 0) + 1;
        added.push(`${e.tag} ${e.rel ?? e.type} ${e.href ?? e.src}`);
      },
    },
  };
  class PerformanceObserver {
    private connected = true;
    constructor(private readonly callback: (typeof observers)[number]) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      observers.push((list, o) => {
        if (this.connected) this.callback(list, o);
      });
    }
    disconnect() {
      this.connected = false;
    }
  }
  const setTimeout = (fn: () => void, ms: number) => timers.push({ fn, ms });
  const requestAnimationFrame = () => {
    throw new Error('paint entries are supported: no frame callback');
  };
  const performance = { now: () => clock };
  new Function(
    'document',
    'PerformanceObserver',
    'setTimeout',
    'requestAnimationFrame',
    'performance',
    loader,
  )(document, PerformanceObserver, setTimeout, requestAnimationFrame, performance);
  return {
    added,
    /** How many elements each task added (a task = one timer run). */
    tasks,
    paint(name: string) {
      for (const observer of observers)
        observer({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }, { disconnect: () => {} });
    },
    /** Runs (once) the timers set for `ms` milliseconds. */
    runTimers(ms: number) {
      for (const timer of timers.filter((t) => t.ms === ms)) {
        timers.splice(timers.indexOf(timer), 1);
        tasks.push(0);
        timer.fn();
      }
    },
  };
}
