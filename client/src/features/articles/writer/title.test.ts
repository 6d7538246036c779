import { describe, expect, it } from 'vitest';
import { cutTitle } from './title';

describe('cutTitle', () => {
  it('keeps titles of 40 characters or fewer whole', () => {
    expect(cutTitle('Short title')).toBe('Short title');
    const forty = 'a'.repeat(40);
    expect(cutTitle(forty)).toBe(forty);
    expect(cutTitle('')).toBe('');
  });

  it('cuts titles over 40 characters to their first 30 plus an ellipsis', () => {
    const title = 'Parliament passes the long-debated coastal protection bill';
    expect(cutTitle(title)).toBe('Parliament passes the long-deb...');
    expect(cutTitle('b'.repeat(41))).toBe(`${'b'.repeat(30)}...`);
  });
});
