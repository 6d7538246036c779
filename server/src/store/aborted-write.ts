/**
 * A single-document write the server rolled back because another write to the same key or document ran
 * at the same moment: nothing of it was applied, so it is sent again (docs/decisions/documentdb.md).
 *   MongoDB      WriteConflict (112): its server retries such a write itself outside transactions, so
 *                callers rarely see it.
 *   DocumentDB   PostgreSQL's deadlock_detected (40P01) and serialization_failure (40001), answered as
 *                the SQLSTATE packed into an integer. A unique index is an exclusion constraint there:
 *                two inserts of one key at once can each wait on the other's check, and PostgreSQL
 *                aborts one (seen: 14 of 1 440 inserts of 6 keys from 4 connections). Through FerretDB
 *                v2.7 a findAndModify answers it as InternalError (1) with PostgreSQL's words instead
 *                (seen: 206 of 800 bounded upserts of 20 keys).
 */

/** PostgreSQL's integer form of a SQLSTATE (its MAKE_SQLSTATE: six bits a character, first lowest). */
export function sqlstateCode(sqlstate: string): number {
  let code = 0;
  for (let i = sqlstate.length - 1; i >= 0; i--) code = code * 64 + ((sqlstate.charCodeAt(i) - 48) & 0x3f);
  return code;
}

const WRITE_CONFLICT = 112;
const INTERNAL_ERROR = 1;
const ABORTED = new Set([WRITE_CONFLICT, sqlstateCode('40P01'), sqlstateCode('40001')]);
const ABORTED_IN_POSTGRESQL_WORDS = /^(deadlock detected|could not serialize access)\b/;

export function isAbortedWrite(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; writeErrors?: { code?: unknown }[] };
  return (
    ABORTED.has(e.code as number) ||
    (Array.isArray(e.writeErrors) && e.writeErrors.some((w) => ABORTED.has(w?.code as number))) ||
    (e.code === INTERNAL_ERROR &&
      typeof e.message === 'string' &&
      ABORTED_IN_POSTGRESQL_WORDS.test(e.message))
  );
}

/** How often a write the server aborted is sent again before its error is the caller's. */
export const ABORTED_WRITE_ATTEMPTS = 8;

/** Runs a single-document write, again after a short random pause while the server aborts it. */
export async function retryAborted<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= ABORTED_WRITE_ATTEMPTS || !isAbortedWrite(err)) throw err;
      // The other write holds what this one needs until it commits: a few milliseconds.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
