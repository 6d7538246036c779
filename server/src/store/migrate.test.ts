/**
 * The migration step on records written before a field existed: users made before writers had public
 * ids get one (docs/decisions/writer-public-ids.md), before the unique index that needs it is built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from './embedded/index.js';
import { newId } from './ids.js';
import { migrate, pendingMigrations } from './index.js';
import type { Store } from './port.js';

let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe('migrate', () => {
  it('gives every user record from before a public id, once, and says so until it has', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-migrate-'));
    store = await openEmbeddedStore({ dir });
    const users = store.collection('users');
    // Records as the previous version wrote them (its indexes, no public id).
    await users.createIndex({ keys: { email: 1 }, unique: true });
    const old = Array.from({ length: 5 }, (_, i) => ({ _id: newId(), email: `old${i}@news.test` }));
    await users.insertMany(old);

    expect(await pendingMigrations(store)).toContain('users.publicId (5 records without one)');
    await migrate(store);
    expect(await pendingMigrations(store)).toEqual([]);

    const after = await users.find({}, { sort: { _id: 1 } });
    const ids = after.map((u) => u.publicId as string);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(5);

    // Again (another machine, the next start): nothing changes.
    await migrate(store);
    expect((await users.find({}, { sort: { _id: 1 } })).map((u) => u.publicId)).toEqual(ids);
    // The lookup index is unique.
    await expect(
      users.insertOne({ _id: newId(), email: 'new@news.test', publicId: ids[0] }),
    ).rejects.toMatchObject({ name: 'DuplicateKeyError' });
  });
});
