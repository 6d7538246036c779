/**
 * The demo seed's encoded images, kept by content: every fresh DATA_DIR (a test, a browser-test stack,
 * `npm start` on a new machine folder, Lighthouse) would otherwise encode the same 208 files again,
 * about 7 CPU-seconds of mozjpeg and WebP. The key is a hash of everything the bytes depend on (the
 * SVG, the display format, the widths, the encoder settings and sharp's libvips version), so a changed
 * picture or recipe is a different entry; entries are written whole (a folder renamed into place) and
 * a damaged or unreadable entry is encoded again. The cache is an optimisation only: when its folder
 * cannot be written the seed goes on without it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { variantWidths, type LegacyExt } from '@newsroom/common';
import { ENCODING, MAX_SIDE } from '../uploads/image.js';
import type { Rendition } from '../uploads/variants.js';

/** node_modules/.cache of the repository (from server/src/seed and server/dist/seed alike). */
export function defaultImageCacheDir(): string {
  return path.resolve(import.meta.dirname, '../../../node_modules/.cache/newsroom/seed-images');
}

export interface EncodedImage {
  width: number;
  height: number;
  renditions: Rendition[];
}

const ManifestSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  renditions: z.array(
    z.object({
      width: z.number().int().positive(),
      format: z.enum(['webp', 'jpg', 'png']),
      file: z.string(),
    }),
  ),
});

const MANIFEST = 'manifest.json';

function keyOf(svg: string, ext: LegacyExt, width: number): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        svg,
        ext,
        widths: variantWidths(Math.min(width, MAX_SIDE)),
        encoding: ENCODING,
        maxSide: MAX_SIDE,
        vips: sharp.versions.vips,
      }),
    )
    .digest('hex');
}

async function read(entry: string): Promise<EncodedImage | null> {
  try {
    const manifest = ManifestSchema.parse(JSON.parse(await readFile(path.join(entry, MANIFEST), 'utf8')));
    const renditions = await Promise.all(
      manifest.renditions.map(async (r) => ({
        width: r.width,
        format: r.format,
        data: await readFile(path.join(entry, path.basename(r.file))),
      })),
    );
    return { width: manifest.width, height: manifest.height, renditions };
  } catch {
    return null; // absent, or damaged: encoded again (and written again)
  }
}

async function write(entry: string, image: EncodedImage): Promise<void> {
  const temp = `${entry}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    await mkdir(temp, { recursive: true });
    const renditions = await Promise.all(
      image.renditions.map(async (r) => {
        const file = `${r.width}.${r.format}`;
        await writeFile(path.join(temp, file), r.data);
        return { width: r.width, format: r.format, file };
      }),
    );
    await writeFile(path.join(temp, MANIFEST), JSON.stringify({ ...image, renditions }));
    await rm(entry, { recursive: true, force: true }); // a damaged entry
    await rename(temp, entry);
  } catch {
    // Read-only or full, or another process wrote the entry first: the seed does not need it.
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * The encoded renditions of `svg` (`width` is its declared width): from the cache when an entry for
 * exactly this input and recipe exists, else from `encode`, then kept.
 */
export async function cachedEncoding(
  cacheDir: string,
  svg: string,
  ext: LegacyExt,
  width: number,
  encode: () => Promise<EncodedImage>,
): Promise<EncodedImage> {
  const entry = path.join(cacheDir, keyOf(svg, ext, width));
  const kept = await read(entry);
  if (kept) return kept;
  const image = await encode();
  await write(entry, image);
  return image;
}
