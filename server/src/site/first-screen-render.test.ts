/**
 * The first screen goes into #root in place of the placeholder masthead, with its data beside it as
 * JSON no article text can break out of; shells without the placeholder and builds without a
 * renderer are left as they are. (The rendering itself: client/e2e/first-screen.e2e.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { ArticleTeaser } from '../articles/types.js';
import { loadRenderer, withFirstScreen } from './first-screen-render.js';

const ENTRY = '<script type="module" crossorigin src="/assets/index-abc123.js"></script>';
const PRELOADS =
  '<link rel="modulepreload" crossorigin href="/assets/jsx-runtime-a1.js">\n' +
  '<link rel="modulepreload" crossorigin href="/assets/Home-b2.js" />';
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
  it('puts the markup and its data in #root instead of the placeholder', () => {
    const page = withFirstScreen(SHELL, '<main>Rendered</main>', { teaser });
    expect(page).not.toContain('placeholder masthead');
    expect(page).toMatch(
      /<div id="root"><main>Rendered<\/main><script type="application\/json" id="first-screen-data">/,
    );
    expect(page).toMatch(/<\/script>\s*<\/div>\s*<\/body>/);
    const json = /id="first-screen-data">([^<]*)<\/script>/.exec(page)?.[1] ?? '';
    // Nothing in the data closes the script element or opens a comment; it parses back unchanged.
    expect(json).not.toMatch(/<|>/);
    expect(JSON.parse(json)).toEqual({ teaser });
  });

  it("fetches and runs the app's code only after the first paint, in the same order", () => {
    const page = withFirstScreen(SHELL, '<main>Rendered</main>', {});
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain('rel="modulepreload"');
    const loader = /<script>(.*)<\/script>\s*<\/head>/s.exec(page)?.[1] ?? '';
    expect(loader).toMatch(
      /requestAnimationFrame\(function\(\)\{setTimeout\(start,0\)\}\);setTimeout\(start,1000\);$/,
    );
    const added = [...loader.matchAll(/e\.(?:href|src)='([^']+)'/g)].map((m) => m[1]);
    expect(added).toEqual(['/assets/jsx-runtime-a1.js', '/assets/Home-b2.js', '/assets/index-abc123.js']);
  });

  it('leaves a shell without the placeholder unchanged', () => {
    const bare = '<html><body><div id="root"></div></body></html>';
    expect(withFirstScreen(bare, '<main>x</main>', {})).toBe(bare);
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
