/** The seed's image cache: the same bytes as encoding, reused by content, never trusted when damaged. */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeRenditions } from '../uploads/image.js';
import { cachedEncoding } from './image-cache.js';
import { articleCoverSvg } from './images.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'newsroom-image-cache-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const cover = (title: string) =>
  articleCoverSvg({ title, tag: 'science', publisher: 'Daily Planet', seed: 3 });
/** An encoder that counts its calls. */
function encoder(svg: string) {
  const calls = { count: 0 };
  return {
    calls,
    encode: () => {
      calls.count += 1;
      return encodeRenditions(sharp(Buffer.from(svg)), 'jpg');
    },
  };
}
const summary = (image: {
  width: number;
  height: number;
  renditions: { width: number; format: string; data: Buffer }[];
}) => ({
  size: [image.width, image.height],
  renditions: image.renditions.map((r) => `${r.format}@${r.width}:${r.data.toString('base64')}`).sort(),
});

describe('cachedEncoding', () => {
  it('encodes once and answers the very same renditions from the cache afterwards', async () => {
    const cache = tempDir();
    const svg = cover('A cached headline');
    const first = encoder(svg);
    const encoded = await cachedEncoding(cache, svg, 'jpg', 1200, first.encode);
    expect(first.calls.count).toBe(1);
    expect(encoded.renditions.length).toBeGreaterThan(2);

    const second = encoder(svg);
    const cached = await cachedEncoding(cache, svg, 'jpg', 1200, second.encode);
    expect(second.calls.count).toBe(0);
    expect(summary(cached)).toEqual(summary(encoded));
  });

  it('keeps a different picture, or the same one in another format, apart', async () => {
    const cache = tempDir();
    const a = encoder(cover('One headline'));
    const b = encoder(cover('Another headline'));
    await cachedEncoding(cache, cover('One headline'), 'jpg', 1200, a.encode);
    await cachedEncoding(cache, cover('Another headline'), 'jpg', 1200, b.encode);
    expect(b.calls.count).toBe(1);
    const png = { count: 0 };
    await cachedEncoding(cache, cover('One headline'), 'png', 1200, async () => {
      png.count += 1;
      return encodeRenditions(sharp(Buffer.from(cover('One headline'))), 'png');
    });
    expect(png.count).toBe(1);
    expect(readdirSync(cache)).toHaveLength(3);
  });

  it('encodes again when an entry is damaged, and mends it', async () => {
    const cache = tempDir();
    const svg = cover('A damaged entry');
    const encoded = await cachedEncoding(cache, svg, 'jpg', 1200, encoder(svg).encode);
    const [entry] = readdirSync(cache);
    const files = readdirSync(path.join(cache, entry!));
    rmSync(
      path.join(
        cache,
        entry!,
        files.find((f) => f.endsWith('.webp'))!,
      ),
    );

    const again = encoder(svg);
    expect(summary(await cachedEncoding(cache, svg, 'jpg', 1200, again.encode))).toEqual(summary(encoded));
    expect(again.calls.count).toBe(1);

    writeFileSync(path.join(cache, entry!, 'manifest.json'), '{"width":');
    const third = encoder(svg);
    await cachedEncoding(cache, svg, 'jpg', 1200, third.encode);
    expect(third.calls.count).toBe(1);
    const fourth = encoder(svg);
    await cachedEncoding(cache, svg, 'jpg', 1200, fourth.encode);
    expect(fourth.calls.count).toBe(0); // mended
  });

  it('still answers the encoding when the cache cannot be written', async () => {
    const blocked = path.join(tempDir(), 'not-a-folder');
    writeFileSync(blocked, 'a file where the cache folder would go');
    const svg = cover('No cache today');
    const image = await cachedEncoding(blocked, svg, 'jpg', 1200, encoder(svg).encode);
    expect(image.width).toBe(1200);
    expect(image.renditions.length).toBeGreaterThan(2);
  });
});
