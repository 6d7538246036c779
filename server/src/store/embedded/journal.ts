/**
 * On-disk record format shared by the journal and the snapshot: one JSON value per line,
 * prefixed by the CRC32 of its bytes (8 hex digits and a space). A line whose checksum or JSON
 * does not verify ends the readable part of the file.
 */
import { crc32 } from 'node:zlib';
import type { Doc } from '../port.js';
import type { IndexDef } from './memory.js';

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
}

export function encodeLine(value: unknown): string {
  const json = JSON.stringify(value);
  const sum = crc32(Buffer.from(json, 'utf8')).toString(16).padStart(8, '0');
  return `${sum} ${json}\n`;
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
