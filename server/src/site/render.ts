/**
 * What the site origin renders before any JavaScript runs: the article page's head (title, meta
 * description, canonical, Open Graph, Twitter card, JSON-LD), robots.txt, the sitemap and the RSS
 * feed. Pure functions of their inputs; every article value is escaped for where it lands.
 */
import type { ArticleIndexEntry, ArticleTeaser } from '../articles/types.js';

export const SITE_NAME = 'Newsroom';
const SITE_DESCRIPTION = 'Reliable news, trending stories and premium reporting.';

/** The SPA's own pages worth indexing (client/src/app/router.tsx). */
export const STATIC_PAGES = ['/', '/all-articles', '/about-us'] as const;

export const articlePath = (id: string) => `/article-details/${id}`;

// XML 1.0 forbids most control characters; an article body may contain them.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text or attribute value for HTML and XML (both quote styles, so any attribute is safe). */
export function escapeMarkup(text: string): string {
  return text
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * JSON inside <script>: `<`, `>` and `&` as \u escapes so no value can close the script element
 * (`</script>`) or open a comment; U+2028/2029 for old JavaScript parsers.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The teaser as one line of plain text (meta descriptions, feed items). */
export function summaryOf(teaser: ArticleTeaser): string {
  return teaser.articleDescription.replace(INVALID_XML_CHARS, '').replace(/\s+/g, ' ').trim();
}

/** The built index.html split around the place where a page's head tags go. */
export interface ShellTemplate {
  /** index.html as built: the shell every other route answers. */
  html: string;
  before: string;
  after: string;
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /\s*<meta\s+name=["']description["'][^>]*>/i;

/**
 * Splits index.html where its <title> is (the title and generic description are replaced on
 * article pages), else just before </head>.
 */
export function parseShell(html: string): ShellTemplate {
  const title = TITLE.exec(html);
  const at = title ? title.index : html.search(/<\/head>/i);
  if (at < 0) throw new Error('index.html has no <head>');
  const head = html.slice(0, at);
  const rest = html.slice(title ? at + title[0].length : at);
  return { html, before: head.replace(DESCRIPTION, ''), after: rest.replace(DESCRIPTION, '') };
}

/** index.html with the article's head tags: what crawlers and link previews read. */
export function renderArticlePage(shell: ShellTemplate, teaser: ArticleTeaser, siteUrl: string): string {
  const url = `${siteUrl}${articlePath(teaser._id)}`;
  const title = teaser.articleTitle;
  const description = summaryOf(teaser);
  const author = teaser.userInfo.name || teaser.publisher;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: title,
    description,
    image: teaser.articleImage ? [teaser.articleImage] : [],
    datePublished: teaser.createdAt,
    dateModified: teaser.updatedAt ?? teaser.createdAt,
    author: [{ '@type': 'Person', name: author }],
    publisher: { '@type': 'Organization', name: teaser.publisher },
    mainEntityOfPage: url,
    ...(teaser.isPremium === 'Yes' ? { isAccessibleForFree: false } : {}),
  };
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeMarkup(value)}" />`;
  const tags = [
    `<title>${escapeMarkup(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(teaser.articleImage ? [meta('property', 'og:image', teaser.articleImage)] : []),
    meta('property', 'article:published_time', teaser.createdAt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(teaser.articleImage ? [meta('name', 'twitter:image', teaser.articleImage)] : []),
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ];
  return `${shell.before}${tags.join('\n    ')}${shell.after}`;
}

export function renderRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

export function renderSitemap(siteUrl: string, articles: ArticleIndexEntry[]): string {
  const url = (loc: string, lastmod?: string) =>
    `  <url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${escapeMarkup(lastmod)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((page) => url(`${siteUrl}${page}`)),
    ...articles.map((a) => url(`${siteUrl}${articlePath(a._id)}`, a.lastmod)),
    '</urlset>',
    '',
  ].join('\n');
}

/** RSS 2.0: every item carries its teaser only (premium text never leaves with the feed). */
export function renderRss(siteUrl: string, teasers: ArticleTeaser[], now: Date): string {
  const text = (tag: string, value: string) => `<${tag}>${escapeMarkup(value)}</${tag}>`;
  const items = teasers.map((t) => {
    const link = `${siteUrl}${articlePath(t._id)}`;
    return [
      '    <item>',
      `      ${text('title', t.articleTitle)}`,
      `      ${text('link', link)}`,
      `      <guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
      `      ${text('description', summaryOf(t))}`,
      `      ${text('pubDate', new Date(t.createdAt).toUTCString())}`,
      ...(t.userInfo.name ? [`      ${text('dc:creator', t.userInfo.name)}`] : []),
      `      ${text('category', t.publisher)}`,
      ...t.Tags.map((tag) => `      ${text('category', tag)}`),
      ...(t.isPremium === 'Yes' ? [`      ${text('category', 'Premium')}`] : []),
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    ${text('title', SITE_NAME)}`,
    `    ${text('link', `${siteUrl}/`)}`,
    `    ${text('description', SITE_DESCRIPTION)}`,
    '    <language>en</language>',
    `    ${text('lastBuildDate', now.toUTCString())}`,
    `    <atom:link href="${escapeMarkup(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
