import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import {
  chosenFileLabel,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  INVALID_IMAGE_MESSAGE,
  MAX_IMAGE_BYTES,
  shortenFileName,
  uploadImage,
} from './upload-image';

const png = (name: string, type = 'image/png') =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type });

describe('shortenFileName', () => {
  it('keeps names of at most 15 characters', () => {
    expect(shortenFileName(png('holiday.png'))).toBe('holiday.png');
    expect(shortenFileName(png('abcdefghijk.png'))).toBe('abcdefghijk.png'); // exactly 15
  });

  it('shortens longer names to 10 characters, four dots and the type extension', () => {
    expect(shortenFileName(png('my-summer-holiday-photo.png'))).toBe('my-summer-....png');
    expect(shortenFileName(png('portrait-of-the-editor.jpeg', 'image/jpeg'))).toBe('portrait-o....jpeg');
    expect(shortenFileName(png('abcdefghijkl.png'))).toBe('abcdefghij....png'); // 16 characters
  });

  it("rejects a file without a name or a type with 'Invalid image file input.'", () => {
    expect(() => shortenFileName(png(''))).toThrow(INVALID_IMAGE_MESSAGE);
    expect(() => shortenFileName(png('photo.png', ''))).toThrow(INVALID_IMAGE_MESSAGE);
  });
});

describe('chosenFileLabel', () => {
  it('shows the placeholder until a file is picked, then the shortened name', () => {
    expect(chosenFileLabel(null, 'Choose A Photo')).toBe('Choose A Photo');
    expect(chosenFileLabel(png('my-summer-holiday-photo.png'), 'Choose A Photo')).toBe('my-summer-....png');
  });

  it('falls back to the raw name, else the placeholder, for a file without a type', () => {
    expect(chosenFileLabel(png('notes.txt', ''), 'Choose a photo')).toBe('notes.txt');
    expect(chosenFileLabel(png('', ''), 'Choose a photo')).toBe('Choose a photo');
  });
});

describe('uploadImage', () => {
  // A tiny real HTTP server standing in for the image host: it records what it received.
  let server: Server;
  let received: { method?: string; url?: string; contentType?: string; body: string } = { body: '' };
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const originalBase = api.defaults.baseURL;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received = {
          method: req.method,
          url: req.url,
          contentType: req.headers['content-type'],
          body: Buffer.concat(chunks).toString('latin1'),
        };
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'access-control-allow-origin': '*',
        });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    api.defaults.baseURL = originalBase;
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the file as multipart field `image` and resolves to data.display_url', async () => {
    answer = { status: 200, body: { data: { display_url: 'http://img.test/uploads/a.png' } } };
    const url = await uploadImage(png('cover.png'));
    expect(url).toBe('http://img.test/uploads/a.png');
    expect(received.method).toBe('POST');
    expect(received.url).toBe('/uploads');
    expect(received.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.body).toContain('name="image"; filename="cover.png"');
  });

  it('logs a failed upload and resolves to undefined', async () => {
    answer = { status: 400, body: { message: 'Not an image' } };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(uploadImage(png('cover.png'))).resolves.toBeUndefined();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("tells onError the server's reason for refusing the image", async () => {
    answer = { status: 415, body: { message: 'Only JPEG, PNG, WebP and GIF images are accepted' } };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    await expect(uploadImage(png('cover.png'), { onError })).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith('Only JPEG, PNG, WebP and GIF images are accepted');
    log.mockRestore();
  });

  it('refuses a file over 5 MB or of another type before sending it, and says why', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    received = { body: '' };
    const onError = vi.fn();
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await expect(uploadImage(big, { onError })).resolves.toBeUndefined();
    expect(onError).toHaveBeenLastCalledWith(IMAGE_TOO_LARGE_MESSAGE);
    const pdf = new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' });
    await expect(uploadImage(pdf, { onError })).resolves.toBeUndefined();
    expect(onError).toHaveBeenLastCalledWith(IMAGE_TYPE_MESSAGE);
    expect(received.method, 'nothing was sent').toBeUndefined();
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it("fails with 'Invalid image file input.' when no file is given", async () => {
    await expect(uploadImage(undefined)).rejects.toThrow(INVALID_IMAGE_MESSAGE);
    await expect(uploadImage(png('x.png', ''))).rejects.toThrow(INVALID_IMAGE_MESSAGE);
  });
});
