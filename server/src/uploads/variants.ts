import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * How one stored image is laid out on disk (docs/decisions/responsive-images.md).
 *
 * The display file, whose URL is what callers store, is `<base>--<W>x<H>.<jpg|png>`: the image at its
 * stored size (longest side at most 1600 px). Beside it, with the same `<base>--<W>x<H>` stem:
 * `-<w>.webp` for every responsive width w, and `-<w>.<jpg|png>` for every width below W. The widths
 * are 400, 800 and 1600 below W, plus W itself (never upscaled). The `--<W>x<H>` marker tells a client
 * that the variants exist (and the intrinsic size); names without it (older uploads, foreign URLs)
 * have none. The client mirrors these rules in client/src/lib/responsive-image.ts.
 */
export const RESPONSIVE_WIDTHS = [400, 800, 1600] as const;

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

/** One encoded rendition of an image. */
export interface Rendition {
  width: number;
  format: 'webp' | LegacyExt;
  data: Buffer;
}

/**
 * Writes an image's renditions under `dir` and answers the display file name. Variants are written
 * first and the display file last, each to a temp name then renamed: once the display file (the one
 * a URL points at) exists, all its variants do.
 */
export async function writeRenditions(
  dir: string,
  name: DisplayName,
  renditions: readonly Rendition[],
): Promise<{ file: string; files: string[] }> {
  const file = displayFileName(name);
  const isDisplay = (r: Rendition) => r.format === name.ext && r.width === name.width;
  const ordered = [...renditions.filter((r) => !isDisplay(r)), ...renditions.filter(isDisplay)];
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  try {
    for (const r of ordered) {
      const target = isDisplay(r) ? file : variantFileName(name, r.width, r.format);
      const temp = path.join(dir, `${target}.tmp`);
      files.push(target);
      await writeFile(temp, r.data, { flush: true });
      await rename(temp, path.join(dir, target));
    }
  } catch (err) {
    // A full disk, say: leave no orphan variant behind (no record would ever lead to it).
    for (const f of files) {
      await rm(path.join(dir, f), { force: true });
      await rm(path.join(dir, `${f}.tmp`), { force: true });
    }
    throw err;
  }
  return { file, files };
}
