import { describe, expect, it } from 'vitest';
// The naming rules live in @newsroom/common (images.ts); the server writes files by them, the client
// and the site's preload read URLs by them.
import {
  displayFilesOfVariant,
  filesOfImage,
  imageVariants,
  parseDisplayFile,
  variantWidths,
} from '@newsroom/common';

describe('variant naming', () => {
  it('widths: 400, 800, 1600 below the stored width, then the stored width (never upscaled)', () => {
    expect(variantWidths(1600)).toEqual([400, 800, 1600]);
    expect(variantWidths(1200)).toEqual([400, 800, 1200]);
    expect(variantWidths(500)).toEqual([400, 500]);
    expect(variantWidths(256)).toEqual([256]);
  });

  it('lists every file of one image, display file last; a name without the marker is one file', () => {
    expect(filesOfImage('abc--1600x900.jpg')).toEqual([
      'abc--1600x900-400.webp',
      'abc--1600x900-800.webp',
      'abc--1600x900-1600.webp',
      'abc--1600x900-400.jpg',
      'abc--1600x900-800.jpg',
      'abc--1600x900.jpg',
    ]);
    expect(filesOfImage('seed-avatar-admin--256x256.png')).toEqual([
      'seed-avatar-admin--256x256-256.webp',
      'seed-avatar-admin--256x256.png',
    ]);
    expect(filesOfImage('0123abcd.jpg')).toEqual(['0123abcd.jpg']);
  });

  it('tells display names from variant names', () => {
    expect(parseDisplayFile('seed-article-1--1200x675.jpg')).toEqual({
      base: 'seed-article-1',
      width: 1200,
      height: 675,
      ext: 'jpg',
    });
    expect(parseDisplayFile('abc--1600x900-400.jpg')).toBeNull();
    expect(parseDisplayFile('abc--1600x900.webp')).toBeNull();
    expect(parseDisplayFile('abc.jpg')).toBeNull();
    expect(displayFilesOfVariant('abc--1600x900-400.webp')).toEqual([
      'abc--1600x900.jpg',
      'abc--1600x900.png',
    ]);
    expect(displayFilesOfVariant('abc--1600x900-400.png')).toEqual(['abc--1600x900.png']);
    expect(displayFilesOfVariant('abc--1600x900.jpg')).toEqual([]);
  });
});

describe('imageVariants', () => {
  it('maps a stored 1600 px JPEG to WebP and JPEG srcsets at 400, 800 and 1600', () => {
    const url = 'http://localhost:5000/uploads/0123456789abcdef0123456789abcdef--1600x900.jpg';
    const stem = url.slice(0, -4);
    expect(imageVariants(url)).toEqual({
      width: 1600,
      height: 900,
      webp: `${stem}-400.webp 400w, ${stem}-800.webp 800w, ${stem}-1600.webp 1600w`,
      fallback: `${stem}-400.jpg 400w, ${stem}-800.jpg 800w, ${url} 1600w`,
    });
  });

  it('never offers a width above the stored one (no upscaling)', () => {
    const cover = imageVariants('https://api.example.com/uploads/seed-article-3--1200x675.jpg')!;
    expect(cover.webp).toBe(
      'https://api.example.com/uploads/seed-article-3--1200x675-400.webp 400w, ' +
        'https://api.example.com/uploads/seed-article-3--1200x675-800.webp 800w, ' +
        'https://api.example.com/uploads/seed-article-3--1200x675-1200.webp 1200w',
    );
    const avatar = imageVariants('http://127.0.0.1:5107/uploads/seed-avatar-admin--256x256.png')!;
    expect(avatar).toEqual({
      width: 256,
      height: 256,
      webp: 'http://127.0.0.1:5107/uploads/seed-avatar-admin--256x256-256.webp 256w',
      fallback: 'http://127.0.0.1:5107/uploads/seed-avatar-admin--256x256.png 256w',
    });
    // Under a path prefix (an API behind /api) too.
    expect(imageVariants('https://example.com/api/uploads/abc--500x300.png')?.fallback).toBe(
      'https://example.com/api/uploads/abc--500x300-400.png 400w, https://example.com/api/uploads/abc--500x300.png 500w',
    );
  });

  it('answers null for older uploads, foreign images and anything malformed', () => {
    for (const url of [
      null,
      undefined,
      '',
      'http://localhost:5000/uploads/0123456789abcdef0123456789abcdef.jpg',
      'http://localhost:5000/uploads/seed-article-1.jpg',
      'https://lh3.googleusercontent.com/a/ACg8ocK=s96-c',
      'https://i.ibb.co/xyz/photo.jpg',
      'https://example.com/wp-content/uploads/2024/01/photo-800x600.jpg',
      'https://example.com/uploads/photo-800x600.jpg',
      'http://localhost:5000/uploads/abc--1600x900.webp',
      'http://localhost:5000/uploads/abc--1600x900.jpg?x=1',
      'http://localhost:5000/uploads/abc--1600x900-400.jpg',
      'http://localhost:5000/uploads/abc--0x900.jpg',
      '/uploads/abc--1600x900.jpg',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)//uploads/abc--1600x900.jpg',
    ]) {
      expect(imageVariants(url), String(url)).toBeNull();
    }
  });
});
