/** File helpers and names of the embedded store's directory. */
import fs from 'node:fs';
import { promisify } from 'node:util';

export const SNAPSHOT = 'snapshot.jsonl';
export const JOURNAL_RE = /^journal-(\d{16})\.log$/;

export function fsWrite(fd: number, buf: Buffer, off: number, len: number): Promise<number> {
  return new Promise((resolve, reject) =>
    fs.write(fd, buf, off, len, null, (err, n) => (err ? reject(err) : resolve(n))),
  );
}
export const fsDatasync = promisify(fs.fdatasync);

export function journalName(firstSeq: number): string {
  return `journal-${String(firstSeq).padStart(16, '0')}.log`;
}

export function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export async function writeAll(fd: number, buf: Buffer): Promise<void> {
  let off = 0;
  while (off < buf.length) off += await fsWrite(fd, buf, off, buf.length - off);
}
