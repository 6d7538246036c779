import sharp, { type Metadata } from 'sharp';
import { HttpError, Invalid } from '../errors.js';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
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
  data: Buffer;
  ext: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

/**
 * Re-encodes an upload: turned upright by its EXIF orientation, longest side at most 1600 px, and
 * written without any metadata (sharp drops EXIF/GPS/XMP unless asked to keep them). GIFs keep
 * their first frame as PNG.
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

  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  let ext: ProcessedImage['ext'];
  if (kind === 'jpeg') {
    pipeline.jpeg({ quality: 85, mozjpeg: true });
    ext = 'jpg';
  } else if (kind === 'webp') {
    pipeline.webp({ quality: 85 });
    ext = 'webp';
  } else {
    pipeline.png({ compressionLevel: 9 });
    ext = 'png';
  }
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, ext, width: info.width, height: info.height };
  } catch {
    throw new Invalid('The file is not a readable image');
  }
}
