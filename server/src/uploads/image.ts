import sharp, { type Metadata, type Sharp } from 'sharp';
import { HttpError, Invalid } from '../errors.js';
import { variantWidths, type LegacyExt } from '@newsroom/common';
import type { Rendition } from './variants.js';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

import { MAX_UPLOAD_BYTES } from '@newsroom/common';
export { MAX_UPLOAD_BYTES };
/** Decompression-bomb guard: larger images are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_SIDE = 1600;

export class UnsupportedMediaType extends HttpError {
  constructor(message = 'Only JPEG, PNG, WebP and GIF images are accepted') {
    super(415, message);
  }
}

/** Identifies an image by its first bytes; the file name and the declared type are never trusted. */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    buf.length >= 12 &&
    buf.toString('latin1', 0, 4) === 'RIFF' &&
    buf.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.toString('latin1', 0, 6))) return 'gif';
  return null;
}

export interface ProcessedImage {
  /** The display format: JPEG for opaque photos, PNG for anything with transparency or from a GIF. */
  ext: LegacyExt;
  width: number;
  height: number;
  /** The display image plus its responsive variants (named as in @newsroom/common's images.ts), all without metadata. */
  renditions: Rendition[];
}

/**
 * Re-encodes an upload: turned upright by its EXIF orientation, longest side at most 1600 px, then
 * stored as responsive renditions (variants.ts). Nothing is kept of the input but its pixels: sharp
 * drops EXIF/GPS/XMP unless asked to keep them. GIFs keep their first frame.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const kind = sniffImage(input);
  if (!kind) throw new UnsupportedMediaType();

  let meta: Metadata;
  try {
    // Reads the header only: the declared size is checked before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new Invalid('The file is not a readable image');
  }
  if (!meta.width || !meta.height) throw new Invalid('The file is not a readable image');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new Invalid(`The image is too large (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`);
  }
  const expected: Record<ImageKind, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' };
  if (meta.format !== expected[kind]) throw new UnsupportedMediaType();

  // WebP inputs get a JPEG (or, with transparency, PNG) display file too, for clients without WebP.
  const ext: LegacyExt = kind === 'jpeg' || (kind === 'webp' && !meta.hasAlpha) ? 'jpg' : 'png';
  try {
    return {
      ext,
      ...(await encodeRenditions(sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }), ext)),
    };
  } catch {
    throw new Invalid('The file is not a readable image');
  }
}

/**
 * How each format is encoded. Part of the seed's image cache key (seed/image-cache.ts): a change
 * here makes the seed encode its images anew.
 */
export const ENCODING = {
  webp: { quality: 80 },
  jpg: { quality: 82, mozjpeg: true },
  png: { compressionLevel: 9 },
} as const;

/**
 * Decodes `source` once (upright, longest side at most MAX_SIDE) and encodes the display image and
 * its variants from those pixels. Also used for the demo seed's images.
 */
export async function encodeRenditions(
  source: Sharp,
  ext: LegacyExt,
): Promise<{ width: number; height: number; renditions: Rendition[] }> {
  const { data, info } = await source
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const encode = async (w: number, format: Rendition['format']): Promise<Rendition> => {
    let img = sharp(data, { raw: { width, height, channels } });
    if (w < width) img = img.resize({ width: w });
    if (format === 'webp') img = img.webp(ENCODING.webp);
    else if (format === 'jpg') img = img.jpeg(ENCODING.jpg);
    else img = img.png(ENCODING.png);
    return { width: w, format, data: await img.toBuffer() };
  };
  const jobs: Promise<Rendition>[] = [];
  for (const w of variantWidths(width)) {
    jobs.push(encode(w, 'webp'), encode(w, ext));
  }
  return { width, height, renditions: await Promise.all(jobs) };
}
