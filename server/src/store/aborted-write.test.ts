import { MongoServerError, type Db, type MongoClient } from 'mongodb';
import { describe, expect, test } from 'vitest';
import { ABORTED_WRITE_ATTEMPTS, isAbortedWrite, retryAborted, sqlstateCode } from './aborted-write.js';
import { MongoStore } from './mongo.js';

const serverError = (code: number, errmsg: string) => new MongoServerError({ ok: 0, code, errmsg });
/** What DocumentDB answered to one of two inserts of one unique key at once (seen through FerretDB v2.7). */
const deadlock = () => serverError(16908292, 'deadlock detected');

describe('writes the server aborted for a conflict', () => {
  test("PostgreSQL's SQLSTATEs as DocumentDB packs them", () => {
    expect(sqlstateCode('40P01')).toBe(16908292);
    expect(sqlstateCode('40001')).toBe(16777220);
  });

  test("DocumentDB's deadlock and serialization failure and MongoDB's WriteConflict are aborted writes; others not", () => {
    expect(isAbortedWrite(deadlock())).toBe(true);
    expect(isAbortedWrite(serverError(16777220, 'could not serialize access'))).toBe(true);
    expect(isAbortedWrite(serverError(112, 'WriteConflict'))).toBe(true);
    // A findAndModify through FerretDB v2.7: InternalError with PostgreSQL's words.
    expect(isAbortedWrite(serverError(1, 'deadlock detected'))).toBe(true);
    expect(isAbortedWrite(serverError(1, 'could not serialize access due to concurrent update'))).toBe(true);
    expect(isAbortedWrite(serverError(1, 'conflicting key value violates exclusion constraint "x"'))).toBe(
      false,
    );
    expect(isAbortedWrite(Object.assign(new Error('bulk'), { writeErrors: [{ code: 16908292 }] }))).toBe(
      true,
    );
    expect(
      isAbortedWrite(serverError(11000, "Duplicate key violation on the requested collection: Index 'k_1'")),
    ).toBe(false);
    expect(isAbortedWrite(serverError(50, 'operation exceeded time limit'))).toBe(false);
    expect(isAbortedWrite(new Error('deadlock detected'))).toBe(false);
  });

  test('retryAborted sends the write again until it answers, and gives up after its attempts', async () => {
    let calls = 0;
    await expect(
      retryAborted(async () => {
        if (++calls < 3) throw deadlock();
        return 'written';
      }),
    ).resolves.toBe('written');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      retryAborted(async () => {
        calls++;
        throw deadlock();
      }),
    ).rejects.toThrow('deadlock detected');
    expect(calls).toBe(ABORTED_WRITE_ATTEMPTS);

    calls = 0;
    await expect(
      retryAborted(async () => {
        calls++;
        throw serverError(50, 'operation exceeded time limit');
      }),
    ).rejects.toThrow('time limit');
    expect(calls).toBe(1);
  });

  test('the MongoDB engine inserts again after a deadlock, and a key taken meanwhile is a DuplicateKeyError', async () => {
    const answers: (Error | null)[] = [
      deadlock(),
      null,
      deadlock(),
      serverError(11000, "… Index 'paymentIntentId_1'"),
    ];
    let inserts = 0;
    const db = {
      collection: () => ({
        insertOne: async () => {
          inserts++;
          const answer = answers.shift();
          if (answer) throw answer;
          return { acknowledged: true };
        },
      }),
    } as unknown as Db;
    const store = new MongoStore({} as MongoClient, db);
    const payments = store.collection('payments');

    await payments.insertOne({ _id: 'a', paymentIntentId: 'pi_1' });
    expect(inserts).toBe(2);
    await expect(payments.insertOne({ _id: 'b', paymentIntentId: 'pi_1' })).rejects.toMatchObject({
      name: 'DuplicateKeyError',
      collection: 'payments',
      index: 'paymentIntentId_1',
    });
    expect(inserts).toBe(4);
  });
});
