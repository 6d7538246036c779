import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';

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
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:5000\/uploads\/[0-9a-f]{32}\.jpg$/);

    const stored = await sharp(fileOf(url)).metadata();
    expect(stored.format).toBe('jpeg');
    expect([stored.width, stored.height]).toEqual([800, 1600]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();

    const record = await t.store.collection('uploads').findOne({ url });
    expect(record).toMatchObject({
      url,
      file: url.split('/').pop(),
      uploaderEmail: writer.email,
      createdAt: expect.any(String),
    });

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

  it('turns a GIF into a PNG and keeps WebP as WebP', async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00f' } })
      .webp()
      .toBuffer();
    const g = await upload(gif, 'a.gif', writer, 'image/gif');
    const w = await upload(webp, 'b.webp', writer, 'image/webp');
    expect(g.body.data.display_url).toMatch(/\.png$/);
    expect(w.body.data.display_url).toMatch(/\.webp$/);
    expect((await sharp(fileOf(w.body.data.display_url)).metadata()).format).toBe('webp');
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
      '/uploads/',
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

  it('replacing an article image through an update removes the old upload', async () => {
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
    expect(existsSync(fileOf(oldUrl))).toBe(false);
    expect(existsSync(fileOf(newUrl))).toBe(true);
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
});
