/**
 * Child process for durability.test.ts: opens the embedded store in argv[2] and writes forever
 * (inserts and $inc updates, many in flight at once), printing one line per ACKNOWLEDGED write:
 *   `I <id>`  after insertOne(<id>) resolved
 *   `C`       after an $inc of the shared counter resolved
 * The parent SIGKILLs it mid-burst and checks that everything printed is on disk.
 * argv[3] (optional): compactAfterBytes, to make compactions happen during the burst.
 */
import { ensureIndexes } from '../index.js';
import { newId } from '../ids.js';
import { openEmbeddedStore } from './index.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: durability-worker <dir> [compactAfterBytes]');
const compactAfterBytes = process.argv[3] ? Number(process.argv[3]) : undefined;

const store = await openEmbeddedStore({ dir, compactAfterBytes });
await ensureIndexes(store);
const items = store.collection('items');
const counters = store.collection('counters');
await items.createIndex({ keys: { email: 1 }, unique: true });
await counters.updateOne({ _id: 'c'.repeat(24) }, { $setOnInsert: { n: 0 } }, { upsert: true });
process.stdout.write('ready\n');

let seq = 0;
async function lane(lane: number): Promise<void> {
  for (;;) {
    const id = newId();
    const n = seq++;
    await items.insertOne({ _id: id, n, lane, email: `w${n}@burst.test`, body: 'x'.repeat(200 + (n % 300)) });
    process.stdout.write(`I ${id}\n`);
    await counters.updateOne({ _id: 'c'.repeat(24) }, { $inc: { n: 1 } });
    process.stdout.write('C\n');
  }
}

await Promise.all(Array.from({ length: 16 }, (_, i) => lane(i)));
