/**
 * On-disk record format shared by the journal and the snapshot: one JSON value per line,
 * prefixed by the CRC32 of its bytes (8 hex digits and a space). A line whose checksum or JSON
 * does not verify ends the readable part of the file.
 */
import fs from 'node:fs';
import { crc32 } from 'node:zlib';
import type { Doc } from '../port.js';
import type { IndexDef } from './index-state.js';

/** One acknowledged write: all its document puts/deletes in one collection, applied atomically. */
export interface JournalRecord {
  /** Sequence number, strictly increasing across journal files. */
  s: number;
  /** Collection name. */
  c: string;
  /** Documents stored (whole new versions). */
  p?: Doc[];
  /** Ids deleted. */
  d?: string[];
  /** Index created. */
  i?: IndexDef;
  /** Index dropped (its name). */
  x?: string;
}

export function encodeLine(value: unknown): string {
  const json = JSON.stringify(value);
  const sum = crc32(Buffer.from(json, 'utf8')).toString(16).padStart(8, '0');
  return `${sum} ${json}\n`;
}

/**
 * Calls `visit` with each verified line of `file` in order (its value, byte offset and bytes),
 * reading a chunk at a time so a large file never sits in memory whole; stops at the first torn
 * or corrupt line. Returns the verified prefix's length and the file's.
 */
export function readLines(
  file: string,
  visit: (value: unknown, start: number, line: Buffer) => void,
): { validBytes: number; totalBytes: number } {
  const fd = fs.openSync(file, 'r');
  try {
    const totalBytes = fs.fstatSync(fd).size;
    let chunk = Buffer.alloc(0);
    let chunkAt = 0; // file offset of chunk[0]
    let pos = 0; // file offset of the next line
    while (pos < totalBytes) {
      let nl = chunk.indexOf(0x0a, pos - chunkAt);
      if (nl < 0) {
        const readAt = chunkAt + chunk.length;
        if (readAt >= totalBytes) break; // torn: no terminating newline
        const rest = chunk.subarray(pos - chunkAt);
        const more = Buffer.allocUnsafe(Math.min(Math.max(8 << 20, rest.length * 2), totalBytes - readAt));
        const n = fs.readSync(fd, more, 0, more.length, readAt);
        if (n === 0) break;
        chunk = Buffer.concat([rest, more.subarray(0, n)]);
        chunkAt = pos;
        continue;
      }
      nl += chunkAt;
      const line = chunk.subarray(pos - chunkAt, nl - chunkAt);
      const value = decodeLine<unknown>(line);
      if (value === undefined) break;
      visit(value, pos, line);
      pos = nl + 1;
    }
    return { validBytes: pos, totalBytes };
  } finally {
    fs.closeSync(fd);
  }
}

export interface ReadResult<T> {
  values: T[];
  /** Byte offset just past each value's line. */
  ends: number[];
  /** Byte length of the verified prefix; anything after it is torn or corrupt. */
  validBytes: number;
  totalBytes: number;
}

/** Parses verified lines from the start of `buf`, stopping at the first torn or corrupt line. */
export function decodeLines<T>(buf: Buffer): ReadResult<T> {
  const values: T[] = [];
  const ends: number[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const nl = buf.indexOf(0x0a, pos);
    if (nl < 0) break; // torn: no terminating newline
    const value = decodeLine<T>(buf.subarray(pos, nl));
    if (value === undefined) break;
    values.push(value);
    pos = nl + 1;
    ends.push(pos);
  }
  return { values, ends, validBytes: pos, totalBytes: buf.length };
}

/**
 * Byte offset of the first verified line that starts after the line at `from`, or -1. A damaged
 * record followed by verified ones is not a torn tail: later writes were completed (and maybe acknowledged).
 */
export function nextVerifiedLine(buf: Buffer, from: number, accept: (value: unknown) => boolean): number {
  let pos = buf.indexOf(0x0a, from);
  if (pos < 0) return -1;
  pos++;
  while (pos < buf.length) {
    const nl = buf.indexOf(0x0a, pos);
    if (nl < 0) return -1;
    const value = decodeLine<unknown>(buf.subarray(pos, nl));
    if (value !== undefined && accept(value)) return pos;
    pos = nl + 1;
  }
  return -1;
}

function decodeLine<T>(line: Buffer): T | undefined {
  if (line.length < 10 || line[8] !== 0x20) return undefined;
  const expected = line.subarray(0, 8).toString('latin1');
  if (!/^[0-9a-f]{8}$/.test(expected)) return undefined;
  const body = line.subarray(9);
  if (crc32(body).toString(16).padStart(8, '0') !== expected) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    return undefined;
  }
}
