/**
 * How a stored image's files are named (docs/decisions/responsive-images.md): the server writes them
 * this way, the client's <picture> and the site's preload read them this way.
 *
 * The display file, whose URL is what callers store, is `<base>--<W>x<H>.<jpg|png>`: the image at its
 * stored size (longest side at most 1600 px). Beside it, with the same `<base>--<W>x<H>` stem:
 * `-<w>.webp` for every responsive width w, and `-<w>.<jpg|png>` for every width below W. The widths
 * are 400, 800 and 1600 below W, plus W itself (never upscaled). The `--<W>x<H>` marker tells a reader
 * that the variants exist (and the intrinsic size); names without it (older uploads, foreign URLs)
 * have none.
 */
export const RESPONSIVE_WIDTHS = [400, 800, 1600] as const;

/** The largest image POST /uploads takes. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Names the server serves under /uploads: lower-case letters, digits and dashes, then one of our three
 * extensions (uploads are 32 hex characters plus the variants marker below; the demo seed writes
 * `seed-...` names). No dot, slash or backslash can get through.
 */
export const UPLOAD_FILE_PATTERN = /^[a-z0-9][a-z0-9-]{0,100}\.(?:jpg|png|webp)$/;

/** The part of the WHATWG URL (browsers and Node alike) used here. */
export interface ParsedUrl {
  protocol: string;
  search: string;
  hash: string;
  pathname: string;
  href: string;
}
// This package is compiled without browser or Node typings, so URL is declared as far as it is used.
declare const URL: new (url: string) => ParsedUrl;

/** `url` parsed, or null when it is malformed or not http(s) (data:, javascript:, relative). */
export function parseHttpUrl(url: string): ParsedUrl | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

export type LegacyExt = 'jpg' | 'png';

export interface DisplayName {
  /** Everything before `--`: 32 hex characters for uploads, `seed-...` for the demo images. */
  base: string;
  width: number;
  height: number;
  ext: LegacyExt;
}

const DISPLAY_FILE = /^([a-z0-9][a-z0-9-]*?)--([1-9][0-9]{0,3})x([1-9][0-9]{0,3})\.(jpg|png)$/;
const VARIANT_FILE =
  /^([a-z0-9][a-z0-9-]*?--[1-9][0-9]{0,3}x[1-9][0-9]{0,3})-[1-9][0-9]{0,3}\.(webp|jpg|png)$/;

/** The responsive widths of an image `width` px wide: the standard ones below it, then its own. */
export function variantWidths(width: number): number[] {
  return [...RESPONSIVE_WIDTHS.filter((w) => w < width), width];
}

export function displayFileName(name: DisplayName): string {
  return `${name.base}--${name.width}x${name.height}.${name.ext}`;
}

/** Parses a display file name; null for names without the variants marker (older uploads). */
export function parseDisplayFile(file: string): DisplayName | null {
  const m = DISPLAY_FILE.exec(file);
  if (!m) return null;
  return { base: m[1]!, width: Number(m[2]), height: Number(m[3]), ext: m[4] as LegacyExt };
}

export function variantFileName(display: DisplayName, width: number, format: 'webp' | LegacyExt): string {
  return `${display.base}--${display.width}x${display.height}-${width}.${format}`;
}

/**
 * Every file of one stored image, display file last (for deleting: an upload's files all start with
 * its base name). A name without the marker is a single file.
 */
export function filesOfImage(file: string): string[] {
  const name = parseDisplayFile(file);
  if (!name) return [file];
  const widths = variantWidths(name.width);
  return [
    ...widths.map((w) => variantFileName(name, w, 'webp')),
    ...widths.filter((w) => w < name.width).map((w) => variantFileName(name, w, name.ext)),
    file,
  ];
}

/**
 * The display files a variant name may belong to (a WebP variant may belong to either legacy
 * format), or [] when `file` is not a variant name.
 */
export function displayFilesOfVariant(file: string): string[] {
  const m = VARIANT_FILE.exec(file);
  if (!m) return [];
  const stem = m[1]!;
  return m[2] === 'webp' ? [`${stem}.jpg`, `${stem}.png`] : [`${stem}.${m[2]}`];
}

export interface ImageVariants {
  /** Intrinsic size of the display image (for width/height attributes). */
  width: number;
  height: number;
  /** srcset of the WebP variants. */
  webp: string;
  /** srcset of the JPEG/PNG variants, for browsers without WebP. */
  fallback: string;
}

/**
 * The variants of one of our stored image URLs (`http(s)://…/uploads/<display file>`, no query or
 * fragment), or null when the URL has none: older uploads, Google avatars, external images.
 */
export function imageVariants(url: string | null | undefined): ImageVariants | null {
  const parsed = url ? parseHttpUrl(url) : null;
  if (!parsed || parsed.search || parsed.hash) return null;
  const slash = parsed.pathname.lastIndexOf('/');
  if (!parsed.pathname.slice(0, slash).endsWith('/uploads')) return null;
  const name = parseDisplayFile(parsed.pathname.slice(slash + 1));
  if (!name) return null;
  const display = parsed.href;
  const dir = display.slice(0, display.lastIndexOf('/') + 1);
  const widths = variantWidths(name.width);
  return {
    width: name.width,
    height: name.height,
    webp: widths.map((w) => `${dir}${variantFileName(name, w, 'webp')} ${w}w`).join(', '),
    fallback: widths
      .map((w) => `${w === name.width ? display : `${dir}${variantFileName(name, w, name.ext)}`} ${w}w`)
      .join(', '),
  };
}
