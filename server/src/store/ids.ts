import { randomBytes } from 'node:crypto';
import { ID_PATTERN } from '@newsroom/common';

let counter = randomBytes(3).readUIntBE(0, 3);
const processUnique = randomBytes(5);

/** A 24-hex id laid out like a MongoDB ObjectId (time, random, counter), so ids sort by creation. */
export function newId(): string {
  const buf = Buffer.alloc(12);
  buf.writeUInt32BE(Math.floor(Date.now() / 1000), 0);
  processUnique.copy(buf, 4);
  counter = (counter + 1) % 0xffffff;
  buf.writeUIntBE(counter, 9, 3);
  return buf.toString('hex');
}

/**
 * A public id (PUBLIC_ID_PATTERN): 16 random bytes in base64url. Unlike `newId()` it carries no time
 * or counter, so public ids say nothing of when or in what order they were made.
 */
export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}

export { ID_PATTERN };

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
