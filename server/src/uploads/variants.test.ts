import { describe, expect, it } from 'vitest';
import { displayFilesOfVariant, filesOfImage, parseDisplayFile, variantWidths } from './variants.js';

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
