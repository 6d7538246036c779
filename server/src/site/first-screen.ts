/**
 * First-screen hints (docs/decisions/first-screen-hints.md): the client build lists, per page a
 * visitor may land on, the chunks and stylesheets its route loads and where its leading image comes
 * from (dist/.vite/first-screen.json). The site announces them in the page's head, so the browser
 * fetches the route's code and the page's largest image while the app's own code downloads, instead
 * of one after the other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { imageVariants, parseHttpUrl } from '@newsroom/common';
import { escapeMarkup } from './render.js';

const ASSET = z.string().regex(/^assets\/[\w.-]+\.(js|css)$/);

const HintsSchema = z.array(
  z.object({
    path: z.string().startsWith('/'),
    js: z.array(ASSET),
    css: z.array(ASSET),
    leadImage: z
      .object({ from: z.enum(['trending', 'newest', 'article']), sizes: z.string().max(300) })
      .optional(),
    /** A signed-in screen: its code is announced, no first screen drawn (it needs the session). */
    codeOnly: z.literal(true).optional(),
    /** Its server-rendered page has a form a browser without scripts posts to the page's address. */
    form: z.literal(true).optional(),
  }),
);

export type ScreenHints = z.infer<typeof HintsSchema>[number];
export type LeadImageSource = NonNullable<ScreenHints['leadImage']>['from'];

/** The build's hints; none (an older build, a test shell) when the file is absent or unreadable. */
export function loadFirstScreens(distDir: string): ScreenHints[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path.join(distDir, '.vite', 'first-screen.json'), 'utf8'));
  } catch {
    return [];
  }
  const parsed = HintsSchema.safeParse(data);
  return parsed.success ? parsed.data : [];
}

/** The hints of the page at `pathname` (`:name` in a hint's path matches one segment). */
export function screenFor(screens: ScreenHints[], pathname: string): ScreenHints | null {
  const parts = pathname.split('/');
  return (
    screens.find((screen) => {
      const pattern = screen.path.split('/');
      return pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') || p === parts[i]);
    }) ?? null
  );
}

/**
 * The preload of an image as the page shows it: for our stored images the same WebP candidates and
 * `sizes` as the page's <picture>, so the browser picks (and reuses) the same file; browsers without
 * WebP skip it. Other URLs (older uploads, external images) are preloaded as they are.
 */
export function imagePreload(url: string, sizes: string): string | null {
  const variants = imageVariants(url);
  if (variants) {
    return (
      `<link rel="preload" as="image" type="image/webp" imagesrcset="${escapeMarkup(variants.webp)}" ` +
      `imagesizes="${escapeMarkup(sizes)}" fetchpriority="high" />`
    );
  }
  const parsed = parseHttpUrl(url);
  if (!parsed) return null;
  return `<link rel="preload" as="image" href="${escapeMarkup(parsed.href)}" fetchpriority="high" />`;
}

/**
 * The head tags of a page's hints: its route's code and styles, and its leading image if known.
 * `rendered`: the page comes with its first screen, which needs the route's styles from its first
 * paint (docs/decisions/server-rendered-first-screen.md).
 */
export function hintTags(screen: ScreenHints, leadImageUrl?: string | null, rendered = false): string {
  const tags = [
    // Without a first screen, preloaded, not applied: the route applies them when it loads (render
    // is not held up for them). The app finds an applied one already there and does not add it again.
    ...screen.css.map((file) =>
      rendered
        ? `<link rel="stylesheet" crossorigin href="/${file}" />`
        : `<link rel="preload" as="style" crossorigin href="/${file}" />`,
    ),
    ...screen.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ];
  const image = leadImageUrl && screen.leadImage ? imagePreload(leadImageUrl, screen.leadImage.sizes) : null;
  if (image) tags.unshift(image);
  return tags.join('\n    ');
}

/** `html` with `tags` at the end of its head. */
export function withHeadTags(html: string, tags: string): string {
  if (!tags) return html;
  const at = html.search(/<\/head>/i);
  return at < 0 ? html : `${html.slice(0, at)}  ${tags}\n  ${html.slice(at)}`;
}
