import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { encodeRenditions } from '../uploads/image.js';
import { displayFileName, type LegacyExt } from '@newsroom/common';
import { writeRenditions } from '../uploads/variants.js';
import { cachedEncoding, defaultImageCacheDir } from './image-cache.js';

/** Palettes per tag: [deep, mid, accent]. Chosen to read well behind white serif type. */
const PALETTES: Record<string, [string, string, string]> = {
  technology: ['#0f172a', '#1e3a8a', '#38bdf8'],
  health: ['#052e2b', '#0f766e', '#5eead4'],
  education: ['#1e1b4b', '#4338ca', '#a5b4fc'],
  lifestyle: ['#4a044e', '#a21caf', '#f0abfc'],
  travel: ['#082f49', '#0369a1', '#fcd34d'],
  finance: ['#052e16', '#15803d', '#bef264'],
  sports: ['#450a0a', '#b91c1c', '#fdba74'],
  entertainment: ['#2e1065', '#7c3aed', '#f9a8d4'],
  science: ['#0c0a09', '#1e40af', '#67e8f9'],
  food: ['#431407', '#c2410c', '#fde68a'],
  fashion: ['#3b0764', '#be185d', '#fbcfe8'],
  business: ['#111827', '#374151', '#fbbf24'],
  art: ['#3f0d12', '#9d174d', '#fda4af'],
  culture: ['#292524', '#92400e', '#fcd34d'],
  environment: ['#022c22', '#166534', '#86efac'],
};

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small deterministic PRNG so the same seed always draws the same picture. */
function prng(seed: number) {
  let x = seed || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) % 10_000) / 10_000;
  };
}

/** Splits a headline into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = (line + ' ' + word).trim();
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

/** Editorial cover art: tag gradient, soft geometry, kicker and headline set in serif. */
export function articleCoverSvg(opts: {
  title: string;
  tag: string;
  publisher: string;
  seed: number;
}): string {
  const [deep, mid, accent] = PALETTES[opts.tag] ?? PALETTES.culture!;
  const rnd = prng(opts.seed * 7919 + 17);
  const circles = Array.from({ length: 5 }, (_, i) => {
    const cx = Math.round(700 + rnd() * 520);
    const cy = Math.round(rnd() * 675);
    const r = Math.round(120 + rnd() * 260);
    const opacity = (0.08 + rnd() * 0.14).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${i % 2 ? accent : '#ffffff'}" fill-opacity="${opacity}"/>`;
  }).join('');
  const stripes = Array.from({ length: 9 }, (_, i) => {
    const x = 860 + i * 38;
    return `<line x1="${x}" y1="0" x2="${x - 300}" y2="675" stroke="#ffffff" stroke-opacity="0.06" stroke-width="2"/>`;
  }).join('');
  const lines = wrap(opts.title, 26, 4);
  const text = lines
    .map(
      (l, i) =>
        `<text x="72" y="${370 - (lines.length - 1) * 34 + i * 68}" font-family="DejaVu Serif, Liberation Serif, serif" font-size="54" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${deep}"/>
      <stop offset="0.65" stop-color="${mid}"/>
      <stop offset="1" stop-color="${accent}"/>
    </linearGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${deep}" stop-opacity="0.85"/>
      <stop offset="0.7" stop-color="${deep}" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="675" fill="url(#g)"/>
  ${circles}${stripes}
  <rect width="1200" height="675" fill="url(#fade)"/>
  <rect x="72" y="160" width="64" height="6" fill="${accent}"/>
  <text x="72" y="208" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="24" letter-spacing="6" font-weight="700" fill="${accent}">${escapeXml(opts.tag.toUpperCase())}</text>
  ${text}
  <text x="72" y="600" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="22" fill="#ffffff" fill-opacity="0.8">${escapeXml(opts.publisher)}</text>
</svg>`;
}

/** Up to two initials of a name ('The Daily Planet' → 'DP'). */
function initialsOf(name: string): string {
  return name
    .replace(/^The\s+/i, '')
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** The diagonal two-colour gradient `url(#g)` of logos and avatars. */
function diagonalGradient(colors: [string, string]): string {
  return `<defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors[0]}"/>
      <stop offset="1" stop-color="${colors[1]}"/>
    </linearGradient>
  </defs>`;
}

/** A publisher mark: monogram on a rounded tile, name beneath. */
export function publisherLogoSvg(opts: { name: string; colors: [string, string] }): string {
  const initials = initialsOf(opts.name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  ${diagonalGradient(opts.colors)}
  <rect x="0" y="0" width="400" height="400" rx="64" fill="url(#g)"/>
  <circle cx="200" cy="170" r="112" fill="#ffffff" fill-opacity="0.12"/>
  <text x="200" y="208" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, serif" font-size="112" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
  <rect x="120" y="292" width="160" height="3" fill="#ffffff" fill-opacity="0.7"/>
  <text x="200" y="340" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${opts.name.length > 16 ? 26 : 30}" font-weight="700" fill="#ffffff">${escapeXml(opts.name)}</text>
</svg>`;
}

/** A round initials avatar for the demo accounts. */
export function avatarSvg(opts: { name: string; colors: [string, string] }): string {
  const initials = initialsOf(opts.name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  ${diagonalGradient(opts.colors)}
  <circle cx="128" cy="128" r="128" fill="url(#g)"/>
  <text x="128" y="158" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="92" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
}

/**
 * Renders an SVG as a stored image with its responsive variants, the way uploads are stored
 * (uploads/variants.ts), unless its display file already exists, so re-seeding never rewrites files
 * an earlier run made. The encoded files come from `cacheDir` when an earlier seed made the same ones
 * (seed/image-cache.ts; null: always encode). Answers the display file name (`<base>--<W>x<H>.<ext>`).
 */
export async function renderImage(
  uploadsDir: string,
  base: string,
  ext: LegacyExt,
  svg: string,
  cacheDir: string | null = defaultImageCacheDir(),
): Promise<string> {
  const input = Buffer.from(svg);
  const { width, height } = await sharp(input).metadata();
  if (!width || !height) throw new Error(`seed image ${base}: the SVG has no size`);
  const name = { base, width, height, ext };
  const file = displayFileName(name);
  if (existsSync(path.join(uploadsDir, file))) return file;
  const encode = () => encodeRenditions(sharp(input), ext);
  const image = cacheDir ? await cachedEncoding(cacheDir, svg, ext, width, encode) : await encode();
  if (image.width !== width || image.height !== height) {
    throw new Error(`seed image ${base}: rendered ${image.width}x${image.height}, not ${width}x${height}`);
  }
  await writeRenditions(uploadsDir, name, image.renditions);
  return file;
}
