import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';
import type { Clock } from '../clock.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { sweepUnusedUploads } from './sweep.js';

let t: TestApp;
let writer: SignedIn;
let admin: SignedIn;
let uploadDir: string;

beforeAll(async () => {
  t = await makeTestApp();
  [writer, admin] = await Promise.all([signInAs(t, { role: 'premium' }), signInAs(t, { role: 'admin' })]);
  uploadDir = path.join(t.deps.config.dataDir, 'uploads');
  await insertPublisher(t.store, 'Daily Planet');
});
afterAll(async () => {
  await t.close();
});

/** A real camera-like JPEG: 2400x1200, EXIF orientation 6 (shot rotated), a copyright and a GPS position. */
async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'Secret Owner', Artist: 'Jane Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 3230/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 4366/100',
      },
    })
    .toBuffer();
}

async function pngWithExif(): Promise<Buffer> {
  return sharp({
    create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 0.5 } },
  })
    .png()
    .withExif({ IFD0: { Copyright: 'Secret Owner' } })
    .toBuffer();
}

/** A 60-byte PNG whose header declares 20000 x 20000 pixels (400 MP): a decompression bomb. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const upload = (file: Buffer, filename: string, who?: SignedIn, contentType = 'image/jpeg') => {
  const req = request(t.app).post('/uploads');
  if (who) req.set(bearer(who.token));
  return req.attach('image', file, { filename, contentType });
};
const filesOnDisk = () => (existsSync(uploadDir) ? readdirSync(uploadDir).sort() : []);
const fileOf = (url: string) => path.join(uploadDir, url.split('/').pop()!);
const urlPath = (url: string) => new URL(url).pathname;

describe('POST /uploads', () => {
  it('re-encodes a camera JPEG: upright, longest side 1600, EXIF and GPS gone; served with long cache headers', async () => {
    const original = await jpegWithExif();
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.exif?.toString('latin1')).toContain('Secret Owner');
    expect(originalMeta.orientation).toBe(6);

    const res = await upload(original, 'holiday.jpg', writer);
    expect(res.status).toBe(201);
    const url = res.body.data.display_url as string;
    // The name carries the stored size: the marker a client reads to know the variants exist.
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:5000\/uploads\/[0-9a-f]{32}--800x1600\.jpg$/);

    const stored = await sharp(fileOf(url)).metadata();
    expect(stored.format).toBe('jpeg');
    expect([stored.width, stored.height]).toEqual([800, 1600]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();

    const stem = path.basename(url, '.jpg');
    const record = await t.store.collection('uploads').findOne({ url });
    expect(record).toMatchObject({
      url,
      file: url.split('/').pop(),
      variants: expect.arrayContaining([`${stem}-400.webp`, `${stem}-800.webp`, `${stem}-400.jpg`]),
      uploaderEmail: writer.email,
      createdAt: expect.any(String),
    });
    // Upright and without EXIF in every variant too; never wider than the stored image.
    for (const variant of record!.variants as string[]) {
      const meta = await sharp(path.join(uploadDir, variant)).metadata();
      expect(meta.exif, variant).toBeUndefined();
      expect(meta.orientation, variant).toBeUndefined();
      expect(meta.height! > meta.width!, variant).toBe(true);
    }

    const served = await request(t.app).get(urlPath(url)).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((served.body as Buffer).equals(readFileSync(fileOf(url)))).toBe(true);
  });

  it('accepts an anonymous PNG (registration photo) and re-encodes it without EXIF, transparency kept', async () => {
    const res = await upload(await pngWithExif(), 'me.png', undefined, 'image/png');
    expect(res.status).toBe(201);
    const url = res.body.data.display_url as string;
    expect(url).toMatch(/\.png$/);
    const stored = await sharp(fileOf(url)).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 300, height: 200, hasAlpha: true });
    expect(stored.exif).toBeUndefined();
    expect((await t.store.collection('uploads').findOne({ url }))?.uploaderEmail).toBeNull();
  });

  it('treats a stale or invalid token as anonymous instead of answering 401', async () => {
    const res = await request(t.app)
      .post('/uploads')
      .set('Authorization', 'Bearer not-a-token')
      .attach('image', await pngWithExif(), { filename: 'me.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    const record = await t.store.collection('uploads').findOne({ url: res.body.data.display_url });
    expect(record?.uploaderEmail).toBeNull();
  });

  it('turns a GIF into a PNG and an opaque WebP into a JPEG, each with WebP variants', async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00f' } })
      .webp()
      .toBuffer();
    const g = await upload(gif, 'a.gif', writer, 'image/gif');
    const w = await upload(webp, 'b.webp', writer, 'image/webp');
    expect(g.body.data.display_url).toMatch(/--40x30\.png$/);
    expect(w.body.data.display_url).toMatch(/--40x30\.jpg$/);
    expect((await sharp(fileOf(w.body.data.display_url)).metadata()).format).toBe('jpeg');
    const webpVariant = fileOf(w.body.data.display_url).replace(/\.jpg$/, '-40.webp');
    expect((await sharp(webpVariant).metadata()).format).toBe('webp');
  });

  it('stores a large photo as 400, 800 and 1600 px wide WebP plus JPEG variants, none upscaled', async () => {
    const photo = await sharp({
      create: {
        width: 2000,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 120, sigma: 30 },
      },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Owner' } })
      .toBuffer();
    const res = await upload(photo, 'wide.jpg', writer);
    expect(res.status).toBe(201);
    const url = res.body.data.display_url as string;
    expect(url).toMatch(/\/[0-9a-f]{32}--1600x800\.jpg$/);
    const stem = path.basename(url, '.jpg');
    const base = stem.split('--')[0]!;
    // Every file of the upload starts with its base name (what the unused-upload sweep relies on).
    expect(filesOnDisk().filter((f) => f.startsWith(base))).toEqual(
      [
        `${stem}-1600.webp`,
        `${stem}-400.jpg`,
        `${stem}-400.webp`,
        `${stem}-800.jpg`,
        `${stem}-800.webp`,
        `${stem}.jpg`,
      ].sort(),
    );
    for (const [suffix, format, width] of [
      ['-400.webp', 'webp', 400],
      ['-800.webp', 'webp', 800],
      ['-1600.webp', 'webp', 1600],
      ['-400.jpg', 'jpeg', 400],
      ['-800.jpg', 'jpeg', 800],
      ['.jpg', 'jpeg', 1600],
    ] as const) {
      const meta = await sharp(path.join(uploadDir, `${stem}${suffix}`)).metadata();
      expect([meta.format, meta.width, meta.height], suffix).toEqual([format, width, width / 2]);
      expect(meta.exif, suffix).toBeUndefined();
    }
    const variant = urlPath(url).replace(/\.jpg$/, '-800.webp');
    const served = await request(t.app).get(variant).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  describe('refusals leave nothing on disk and nothing stored', () => {
    let before: { files: string[]; records: number };
    const snapshot = async () => ({
      files: filesOnDisk(),
      records: await t.store.collection('uploads').countDocuments({}),
    });
    const expectNothingChanged = async () => {
      const after = await snapshot();
      expect(after).toEqual(before);
      expect(after.files.some((f) => f.endsWith('.tmp'))).toBe(false);
    };

    it('refuses a text file named .jpg with 415', async () => {
      before = await snapshot();
      const res = await upload(Buffer.from('hello, I am not an image\n'.repeat(20)), 'photo.jpg', writer);
      expect(res.status).toBe(415);
      expect(res.body.message).toMatch(/JPEG, PNG, WebP and GIF/);
      await expectNothingChanged();
    });

    it('refuses a 6 MB file with 413', async () => {
      before = await snapshot();
      const big = Buffer.alloc(6 * 1024 * 1024, 7);
      big.set([0xff, 0xd8, 0xff, 0xe0], 0);
      const res = await upload(big, 'huge.jpg', writer);
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/5 MB/);
      await expectNothingChanged();
    });

    it('refuses a pixel bomb (tiny PNG declaring 20000 x 20000) with 400 before decoding it', async () => {
      before = await snapshot();
      const bomb = pixelBomb();
      expect(bomb.length).toBeLessThan(200);
      const res = await upload(bomb, 'bomb.png', writer, 'image/png');
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/too large/);
      await expectNothingChanged();
    });

    it('refuses a truncated JPEG with 400', async () => {
      before = await snapshot();
      const res = await upload((await jpegWithExif()).subarray(0, 600), 'cut.jpg', writer);
      expect(res.status).toBe(400);
      await expectNothingChanged();
    });

    it('refuses a request without a file or with another field name with 400', async () => {
      before = await snapshot();
      const none = await request(t.app).post('/uploads').set(bearer(writer.token)).field('title', 'x');
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Invalid image file input.');
      const wrongField = await request(t.app)
        .post('/uploads')
        .set(bearer(writer.token))
        .attach('photo', await pngWithExif(), 'me.png');
      expect(wrongField.status).toBe(400);
      const json = await request(t.app)
        .post('/uploads')
        .set(bearer(writer.token))
        .send({ image: 'data:image/png;base64,AAAA' });
      expect(json.status).toBe(400);
      await expectNothingChanged();
    });
  });
});

describe('GET /uploads/:file', () => {
  it('serves only our own file names: no traversal, no directory listing', async () => {
    writeFileSync(path.join(t.deps.config.dataDir, 'secret.txt'), 'top secret');
    for (const p of [
      '/uploads/..%2Fsecret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/..%5Csecret.txt',
      '/uploads/secret.txt',
      `/uploads/${'a'.repeat(32)}.jpg`,
      `/uploads/${'a'.repeat(32)}.jpg.tmp`,
      '/uploads/.hidden.jpg',
      '/uploads/Seed.JPG',
    ]) {
      const res = await request(t.app).get(p);
      expect(res.status, p).toBe(404);
      expect(res.text).not.toContain('top secret');
      expect(res.headers['content-type'], p).toMatch(/application\/json/);
    }
    // The folder itself is the upload collection, which only takes a POST: no listing.
    const folder = await request(t.app).get('/uploads/');
    expect(folder.status).toBe(405);
    expect(folder.headers.allow).toBe('POST, OPTIONS');
    expect(folder.body).toEqual({ message: expect.any(String) });
  });

  it('still serves an older upload stored without variants', async () => {
    const old = `${'b'.repeat(32)}.jpg`;
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#654321' } })
      .jpeg()
      .toBuffer();
    writeFileSync(path.join(uploadDir, old), jpeg);
    const res = await request(t.app).get(`/uploads/${old}`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((res.body as Buffer).equals(jpeg)).toBe(true);
  });

  it('answers a missing variant with its display image, briefly cached; a missing display image is 404', async () => {
    const png = await sharp({ create: { width: 10, height: 5, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer();
    const stem = `${'c'.repeat(32)}--10x5`;
    writeFileSync(path.join(uploadDir, `${stem}.png`), png);
    const res = await request(t.app).get(`/uploads/${stem}-10.webp`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=0');
    expect((res.body as Buffer).equals(png)).toBe(true);
    expect((await request(t.app).get(`/uploads/${'d'.repeat(32)}--10x5-10.webp`)).status).toBe(404);
  });

  it('serves the demo seed images written under DATA_DIR/uploads', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    writeFileSync(path.join(uploadDir, 'seed-publisher-1.png'), png);
    const res = await request(t.app).get('/uploads/seed-publisher-1.png').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});

describe('uploaded images follow the records that use them', () => {
  it('deleting an article removes its uploaded image once nothing else uses it', async () => {
    const url = (await upload(await pngWithExif(), 'pic.png', writer, 'image/png')).body.data
      .display_url as string;
    const post = {
      title: 'With image',
      photoURL: url,
      publisher: 'Daily Planet',
      formatedTags: ['art'],
      description: 'D',
    };
    const first = await request(t.app)
      .post(`/articles?email=${writer.email}`)
      .set(bearer(writer.token))
      .send(post);
    const second = await request(t.app)
      .post(`/articles?email=${writer.email}`)
      .set(bearer(writer.token))
      .send(post);
    expect([first.status, second.status]).toEqual([201, 201]);

    await request(t.app)
      .delete(`/my-articles/${first.body.insertedId}`)
      .set(bearer(writer.token))
      .expect(200);
    expect(existsSync(fileOf(url))).toBe(true);

    await request(t.app)
      .delete(`/my-articles/${second.body.insertedId}`)
      .set(bearer(admin.token))
      .expect(200);
    expect(existsSync(fileOf(url))).toBe(false);
    const base = url.split('/').pop()!.split('--')[0]!;
    expect(filesOnDisk().filter((f) => f.startsWith(base))).toEqual([]);
    expect(await t.store.collection('uploads').findOne({ url })).toBeNull();
    expect((await request(t.app).get(urlPath(url))).status).toBe(404);
  });

  it('an image still used by a profile photo stays after its article is deleted', async () => {
    const url = (await upload(await pngWithExif(), 'pic.png', writer, 'image/png')).body.data
      .display_url as string;
    await t.store.collection('users').updateOne({ email: writer.email }, { $set: { photoURL: url } });
    const a = await insertArticle(t.store, {
      articleImage: url,
      userInfo: { name: 'W', image: url, email: writer.email },
    });
    await request(t.app).delete(`/my-articles/${a._id}`).set(bearer(writer.token)).expect(200);
    expect(existsSync(fileOf(url))).toBe(true);
  });

  it('nobody deletes another person’s image by pointing an article at it and editing it away', async () => {
    // The victim's photo lives only as the author photo kept in their articles.
    const victim = await signInAs(t, { role: 'premium', name: 'Victim' });
    const photo = (await upload(await pngWithExif(), 'me.png', victim, 'image/png')).body.data
      .display_url as string;
    await insertArticle(t.store, { userInfo: { name: 'Victim', image: photo, email: victim.email } });
    const other = await insertArticle(t.store, {
      articleImage: 'https://images.example.test/cover.jpg',
      userInfo: { name: 'W', image: '', email: writer.email },
    });
    const edit = (photoURL: string) =>
      request(t.app)
        .patch(`/my-articles/update/${other._id}`)
        .set(bearer(writer.token))
        .send({ title: 'T', publisher: 'Daily Planet', description: 'D', photoURL });
    // Another writer points their own article at it, then edits it to something else.
    expect((await edit(photo)).status).toBe(200);
    expect((await edit('https://images.example.test/other.jpg')).status).toBe(200);
    expect(existsSync(fileOf(photo))).toBe(true);
    expect((await request(t.app).get(urlPath(photo))).status).toBe(200);

    // Even its uploader's edits keep it while an author photo refers to it; a variant's name is
    // never released as if it were an upload.
    const own = await insertArticle(t.store, {
      articleImage: photo.replace(/\.(png|jpg|webp)$/, '-400.webp'),
      userInfo: { name: 'Victim', image: '', email: victim.email },
    });
    const ownEdit = await request(t.app)
      .patch(`/my-articles/update/${own._id}`)
      .set(bearer(victim.token))
      .send({
        title: 'T',
        publisher: 'Daily Planet',
        description: 'D',
        photoURL: 'https://images.example.test/x.jpg',
      });
    expect(ownEdit.status).toBe(200);
    expect(existsSync(fileOf(photo))).toBe(true);
    expect(
      filesOnDisk().filter((f) => f.startsWith(photo.split('/').pop()!.split('--')[0]!)).length,
    ).toBeGreaterThan(1);
  });

  it('replacing an article image keeps the old upload for a restore; deleting the article removes both', async () => {
    const oldUrl = (await upload(await pngWithExif(), 'old.png', writer, 'image/png')).body.data
      .display_url as string;
    const newUrl = (await upload(await pngWithExif(), 'new.png', writer, 'image/png')).body.data
      .display_url as string;
    const a = await insertArticle(t.store, {
      articleImage: oldUrl,
      userInfo: { name: 'W', image: '', email: writer.email },
    });
    const res = await request(t.app)
      .patch(`/my-articles/update/${a._id}`)
      .set(bearer(writer.token))
      .send({ title: 'T', publisher: 'Daily Planet', description: 'D', photoURL: newUrl });
    expect(res.status).toBe(200);
    // Revision 1 still shows the old image (docs/decisions/revisions.md).
    expect(existsSync(fileOf(oldUrl))).toBe(true);
    expect(existsSync(fileOf(newUrl))).toBe(true);
    await request(t.app).delete(`/my-articles/${a._id}`).set(bearer(writer.token)).expect(200);
    expect(existsSync(fileOf(oldUrl))).toBe(false);
    expect(existsSync(fileOf(newUrl))).toBe(false);
  });
});

describe('unused uploads sweep', () => {
  it('deletes, after 24 hours, the uploads nothing refers to (all their files), and only those', async () => {
    const T0 = new Date('2031-05-01T08:00:00.000Z').getTime();
    let now = T0;
    const clock: Clock = { now: () => new Date(now) };
    const s = await makeTestApp({ clock });
    try {
      const dir = path.join(s.deps.config.dataDir, 'uploads');
      const user = await signInAs(s);
      const png = await pngWithExif();
      const send = async (who?: SignedIn) => {
        const req = request(s.app).post('/uploads');
        if (who) req.set(bearer(who.token));
        const res = await req.attach('image', png, { filename: 'a.png', contentType: 'image/png' });
        expect(res.status).toBe(201);
        return res.body.data.display_url as string;
      };
      const nameOf = (url: string) => url.split('/').pop()!;
      const baseOf = (url: string) => /^[^.-]+/.exec(nameOf(url))![0];
      const filesOf = (url: string) => readdirSync(dir).filter((f) => f.startsWith(baseOf(url)));
      const records = async () =>
        (await s.store.collection('uploads').find({})).map((r) => r.url as string).sort();

      const [unused, cover, byline, avatar, logo, movedHost] = [
        await send(user),
        await send(user),
        await send(user),
        await send(), // the registration photo, uploaded before the account exists
        await send(user),
        await send(user),
      ];
      await insertArticle(s.store, { articleImage: cover });
      await insertArticle(s.store, { userInfo: { name: 'W', image: byline, email: user.email } });
      await s.store.collection('users').updateOne({ email: user.email }, { $set: { photoURL: avatar } });
      await insertPublisher(s.store, 'Planet Logo', logo);
      // Stored under an older PUBLIC_URL: still a reference to this upload.
      await insertArticle(s.store, { articleImage: `http://localhost:5000/uploads/${nameOf(movedHost)}` });
      // Another file of the unused upload (a variant), and a demo seed image without an upload record.
      writeFileSync(path.join(dir, `${baseOf(unused)}-400.webp`), 'variant');
      writeFileSync(path.join(dir, 'seed-unused-logo.png'), 'seed');
      const unusedFiles = filesOf(unused);
      expect(unusedFiles.length).toBeGreaterThanOrEqual(2);

      now = T0 + 23 * 3600_000;
      const pending = await send(); // a registration still under way

      now = T0 + 24 * 3600_000 - 1;
      expect((await sweepUnusedUploads({ ...s.deps, services: s.services })).deleted).toEqual([]);
      expect(filesOf(unused)).toEqual(unusedFiles);

      now = T0 + 24 * 3600_000;
      expect((await sweepUnusedUploads({ ...s.deps, services: s.services })).deleted).toEqual([
        nameOf(unused),
      ]);
      expect(filesOf(unused)).toEqual([]);
      expect((await request(s.app).get(new URL(unused).pathname)).status).toBe(404);
      for (const kept of [cover, byline, avatar, logo, movedHost, pending]) {
        expect(existsSync(path.join(dir, nameOf(kept))), kept).toBe(true);
        expect((await request(s.app).get(new URL(kept).pathname)).status).toBe(200);
      }
      expect(existsSync(path.join(dir, 'seed-unused-logo.png'))).toBe(true);
      expect(await records()).toEqual([cover, byline, avatar, logo, movedHost, pending].sort());

      // The pending photo is never used: it goes 24 hours after its own upload.
      now = T0 + 47 * 3600_000;
      expect((await sweepUnusedUploads({ ...s.deps, services: s.services })).deleted).toEqual([
        nameOf(pending),
      ]);
      expect(filesOf(pending)).toEqual([]);
      // Once its article is gone, a cover is swept too.
      await s.store.collection('articles').deleteMany({ articleImage: cover });
      expect((await sweepUnusedUploads({ ...s.deps, services: s.services })).deleted).toEqual([
        nameOf(cover),
      ]);
      expect(await records()).toEqual([byline, avatar, logo, movedHost].sort());
    } finally {
      await s.close();
    }
  });
});

describe('rate limits', () => {
  it('holds anonymous uploads to a strict per-IP limit (429 JSON) while signed-in users keep uploading', async () => {
    const limited = await makeTestApp({
      config: {
        rateLimits: {
          auth: { windowMs: 60_000, max: 100_000 },
          uploadsAnonymous: { windowMs: 60_000, max: 2 },
          uploadsUser: { windowMs: 60_000, max: 3 },
        },
      },
    });
    try {
      const user = await signInAs(limited);
      const png = await pngWithExif();
      const send = (token?: string) => {
        const req = request(limited.app).post('/uploads');
        if (token) req.set(bearer(token));
        return req.attach('image', png, { filename: 'a.png', contentType: 'image/png' });
      };
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/Too many uploads/);
      for (let i = 0; i < 3; i += 1) expect((await send(user.token)).status).toBe(201);
      expect((await send(user.token)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('caps anonymous uploads per IP per day on top of the short window', async () => {
    const limited = await makeTestApp({
      config: {
        rateLimits: {
          auth: { windowMs: 60_000, max: 100_000 },
          uploadsAnonymous: { windowMs: 60_000, max: 100 },
          uploadsAnonymousDaily: { windowMs: 24 * 3600_000, max: 3 },
        },
      },
    });
    try {
      const user = await signInAs(limited);
      const png = await pngWithExif();
      const send = (token?: string) => {
        const req = request(limited.app).post('/uploads');
        if (token) req.set(bearer(token));
        return req.attach('image', png, { filename: 'a.png', contentType: 'image/png' });
      };
      for (let i = 0; i < 3; i += 1) expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/Too many uploads/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      expect(await limited.store.collection('uploads').countDocuments({})).toBe(3);
      // Signed-in users are limited on their own account, not by the anonymous daily cap.
      expect((await send(user.token)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
