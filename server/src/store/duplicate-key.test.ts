import { MongoServerError } from 'mongodb';
import { describe, expect, test } from 'vitest';
import { duplicateKeyIndex, isDuplicateKeyError } from './duplicate-key.js';

/** An error as the driver throws it for a server's answer `{ok: 0, code, errmsg}`. */
const serverError = (code: number, errmsg: string) => new MongoServerError({ ok: 0, code, errmsg });

describe('duplicate-key errors of each MongoDB-compatible server', () => {
  test('MongoDB names the index after "index:"', () => {
    const err = serverError(
      11000,
      'E11000 duplicate key error collection: newsroom.users index: email_1 dup key: { email: "a@news.test" }',
    );
    expect(isDuplicateKeyError(err)).toBe(true);
    expect(duplicateKeyIndex(err)).toBe('email_1');
  });

  test('DocumentDB names it in quotes, compound and custom names included', () => {
    const err = serverError(11000, "Duplicate key violation on the requested collection: Index 'email_1'");
    expect(isDuplicateKeyError(err)).toBe(true);
    expect(duplicateKeyIndex(err)).toBe('email_1');
    expect(
      duplicateKeyIndex(
        serverError(11000, "Duplicate key violation on the requested collection: Index 'reader_1_month_1'"),
      ),
    ).toBe('reader_1_month_1');
    expect(
      duplicateKeyIndex(
        serverError(11000, "Duplicate key violation on the requested collection: Index '_id_'"),
      ),
    ).toBe('_id_');
  });

  test("DocumentDB's <unknown> and a message without a name give 'unknown', still a duplicate key", () => {
    for (const errmsg of [
      "Duplicate key violation on the requested collection: Index '<unknown>'",
      'Duplicate key violation on the requested collection.',
      'E11000 duplicate key error',
    ]) {
      const err = serverError(11000, errmsg);
      expect(isDuplicateKeyError(err)).toBe(true);
      expect(duplicateKeyIndex(err)).toBe('unknown');
    }
  });

  test('a bulk write names the index in its write errors', () => {
    const err = Object.assign(new Error('bulk write failed'), {
      writeErrors: [
        {
          code: 11000,
          errmsg: "Duplicate key violation on the requested collection: Index 'paymentIntentId_1'",
        },
      ],
    });
    expect(isDuplicateKeyError(err)).toBe(true);
    expect(duplicateKeyIndex(err)).toBe('paymentIntentId_1');
  });

  test("FerretDB v1 on SQLite: a unique index over duplicate data is a duplicate key, index 'unknown'", () => {
    const err = serverError(1, 'UNIQUE constraint failed: users.email');
    expect(isDuplicateKeyError(err)).toBe(true);
    expect(duplicateKeyIndex(err)).toBe('unknown');
  });

  test("DocumentDB through FerretDB v2.7: findAndModify and a unique index over duplicates answer PostgreSQL's words", () => {
    for (const errmsg of [
      'conflicting key value violates exclusion constraint "documents_rum_index_12"',
      'could not create exclusion constraint "documents_rum_index_31"',
      'duplicate key value violates unique constraint "documents_rum_index_7"',
    ]) {
      const err = serverError(1, errmsg);
      expect(isDuplicateKeyError(err)).toBe(true);
      // PostgreSQL's constraint is not our index: no name rather than a wrong one.
      expect(duplicateKeyIndex(err)).toBe('unknown');
    }
  });

  test('other errors are not duplicate keys', () => {
    expect(isDuplicateKeyError(serverError(50, 'operation exceeded time limit'))).toBe(false);
    expect(isDuplicateKeyError(new Error("Index 'email_1' not found"))).toBe(false);
    expect(isDuplicateKeyError(serverError(1, 'new row violates check constraint "x"'))).toBe(false);
    expect(isDuplicateKeyError(null)).toBe(false);
    expect(isDuplicateKeyError('E11000')).toBe(false);
  });
});
