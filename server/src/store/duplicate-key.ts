/**
 * Reading a MongoDB-compatible server's duplicate-key error: whether an error is one, and the name of
 * the unique index that refused the write. Each server words it its own way (docs/decisions/documentdb.md):
 *   MongoDB       E11000 duplicate key error collection: db.users index: email_1 dup key: { email: "a" }
 *   DocumentDB    Duplicate key violation on the requested collection: Index 'email_1'
 *                 (code 11000; `<unknown>` when it cannot map the index). Through FerretDB v2.7 a
 *                 findAndModify, and a unique index over duplicate data, answer InternalError with
 *                 PostgreSQL's own message instead, naming its constraint (documents_rum_index_12),
 *                 not our index
 *   FerretDB v1   E11000 without the index's name; on SQLite an InternalError "UNIQUE constraint
 *                 failed" for a unique index over duplicate data
 * A message that names no index gives `unknown`: callers decide by the error's kind, never by its index.
 */

const DUPLICATE_KEY = 11000;

interface ServerError {
  code?: unknown;
  message?: unknown;
  errmsg?: unknown;
  writeErrors?: { code?: unknown; errmsg?: unknown; err?: { errmsg?: unknown } }[];
}

function asServerError(err: unknown): ServerError | null {
  return err && typeof err === 'object' ? (err as ServerError) : null;
}

/** Messages of a refused unique key that come without code 11000 (FerretDB v1, FerretDB v2.7). */
const UNMAPPED_DUPLICATE = [
  // SQLite under FerretDB v1
  /UNIQUE constraint failed/,
  // PostgreSQL under DocumentDB: a unique index is an exclusion constraint there
  /^conflicting key value violates exclusion constraint "/,
  /^duplicate key value violates unique constraint "/,
  /^could not create (exclusion constraint|unique index) "/,
];

export function isDuplicateKeyError(err: unknown): boolean {
  const e = asServerError(err);
  if (!e) return false;
  return (
    e.code === DUPLICATE_KEY ||
    (Array.isArray(e.writeErrors) && e.writeErrors.some((w) => w?.code === DUPLICATE_KEY)) ||
    (typeof e.message === 'string' && UNMAPPED_DUPLICATE.some((pattern) => pattern.test(e.message as string)))
  );
}

/** The messages an error carries: its own, and each write error's of a bulk write. */
function messagesOf(e: ServerError): string[] {
  const messages = [e.message, e.errmsg];
  for (const w of Array.isArray(e.writeErrors) ? e.writeErrors : []) messages.push(w?.errmsg, w?.err?.errmsg);
  return messages.filter((m): m is string => typeof m === 'string');
}

const INDEX_IN_MESSAGE = [
  // MongoDB (and FerretDB when it says): "... index: email_1 dup key: ..."
  /\bindex: (\S+) dup key\b/,
  // DocumentDB: "... on the requested collection: Index 'email_1'"
  /\bIndex '([^']+)'/,
];

/** The name of the unique index a duplicate-key error names, or 'unknown' when it names none. */
export function duplicateKeyIndex(err: unknown): string {
  const e = asServerError(err);
  if (!e) return 'unknown';
  for (const message of messagesOf(e)) {
    for (const pattern of INDEX_IN_MESSAGE) {
      const name = pattern.exec(message)?.[1];
      if (name && name !== '<unknown>') return name;
    }
  }
  return 'unknown';
}
