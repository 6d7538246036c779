/**
 * Where the long top-level strings of the documents in one journal or snapshot line lie, found by
 * scanning the line's bytes (no parsing, no re-encoding): the line is `<crc> {...}` with the
 * documents under `"d"` (a snapshot line) or in the array `"p"` (a journal record).
 */
import { SPILL_MIN_CHARS } from './spill.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const PREFIX_BYTES = 9;

export interface RawSpan {
  /** Index of the document in the line (0 for a snapshot line). */
  doc: number;
  field: string;
  /** Byte offset of the string's JSON literal in the line, and its length. */
  start: number;
  length: number;
}

/** Index just past the string literal that starts at `i` (an opening quote). */
function skipString(buf: Buffer, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = buf.indexOf(QUOTE, j);
    if (q < 0) throw new Error('unterminated string');
    let slashes = 0;
    for (let k = q - 1; buf[k] === BACKSLASH; k--) slashes++;
    if (slashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/** Index just past the JSON value that starts at `i` (JSON.stringify output: no whitespace). */
function skipValue(buf: Buffer, i: number): number {
  const c = buf[i];
  if (c === QUOTE) return skipString(buf, i);
  if (c !== 0x7b && c !== 0x5b) {
    let j = i;
    while (j < buf.length && buf[j] !== 0x2c && buf[j] !== 0x7d && buf[j] !== 0x5d) j++;
    return j;
  }
  let depth = 0;
  let j = i;
  while (j < buf.length) {
    const b = buf[j]!;
    if (b === QUOTE) {
      j = skipString(buf, j);
      continue;
    }
    if (b === 0x7b || b === 0x5b) depth++;
    else if (b === 0x7d || b === 0x5d) {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  throw new Error('unterminated value');
}

function keyAt(buf: Buffer, start: number, end: number): string {
  const raw = buf.toString('utf8', start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(buf.toString('utf8', start, end)) as string) : raw;
}

/** Calls `visit` with each field of the object at `i`: its key and where its value starts and ends. */
function eachField(buf: Buffer, i: number, visit: (key: string, start: number, end: number) => void): void {
  let j = i + 1;
  while (buf[j] !== 0x7d) {
    const keyEnd = skipString(buf, j);
    const key = keyAt(buf, j, keyEnd);
    const valueStart = keyEnd + 1; // past ':'
    const valueEnd = skipValue(buf, valueStart);
    visit(key, valueStart, valueEnd);
    j = buf[valueEnd] === 0x2c ? valueEnd + 1 : valueEnd;
  }
}

/**
 * The long string values of the top-level fields of each document in `line` (a verified line,
 * newline excluded), except `keep` fields. Lengths are in bytes, a bound on the characters.
 */
export function lineSpans(line: Buffer, keep: (field: string) => boolean): RawSpan[] {
  const out: RawSpan[] = [];
  const docAt = (doc: number, at: number) =>
    eachField(line, at, (field, start, end) => {
      if (line[start] === QUOTE && end - start >= SPILL_MIN_CHARS + 2 && !keep(field)) {
        out.push({ doc, field, start, length: end - start });
      }
    });
  eachField(line, PREFIX_BYTES, (key, start) => {
    if (key === 'd' && line[start] === 0x7b) docAt(0, start);
    if (key === 'p' && line[start] === 0x5b) {
      let j = start + 1;
      for (let doc = 0; line[j] !== 0x5d; doc++) {
        const end = skipValue(line, j);
        if (line[j] === 0x7b) docAt(doc, j);
        j = line[end] === 0x2c ? end + 1 : end;
      }
    }
  });
  return out;
}
