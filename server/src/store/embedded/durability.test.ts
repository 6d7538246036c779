import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { newId } from '../ids.js';
import { DuplicateKeyError } from '../port.js';
import { encodeLine } from './journal.js';
import { JournalDamagedError, openEmbeddedStore } from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const worker = path.join(here, 'durability-worker.ts');
const COUNTER_ID = 'c'.repeat(24);

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-durability-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function journalFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('journal-'))
    .sort();
}
function journalBytes(dir: string): number {
  return journalFiles(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
}

interface BurstResult {
  insertedIds: string[];
  incs: number;
  signal: NodeJS.Signals | null;
}

/** Runs the worker, SIGKILLs it once `killAfter` inserts were acknowledged, returns what it acknowledged. */
function burstAndKill(dir: string, killAfter: number, compactAfterBytes?: number): Promise<BurstResult> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', worker, dir];
    if (compactAfterBytes) args.push(String(compactAfterBytes));
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const insertedIds: string[] = [];
    let incs = 0;
    let buffer = '';
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('I ')) insertedIds.push(line.slice(2));
        else if (line === 'C') incs++;
      }
      if (!killed && insertedIds.length >= killAfter) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`worker too slow: ${insertedIds.length} acks; stderr: ${stderr}`));
    }, 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      // A partial last stdout line is not an acknowledgement; only complete lines were counted.
      if (!killed) reject(new Error(`worker exited by itself (code ${code}): ${stderr}`));
      else resolve({ insertedIds, incs, signal });
    });
  });
}

async function verifyBurst(dir: string, burst: BurstResult): Promise<void> {
  expect(burst.signal).toBe('SIGKILL');
  // The worker's LOCK file names a dead pid now: reopening must take it over.
  expect(fs.existsSync(path.join(dir, 'LOCK'))).toBe(true);
  const store = await openEmbeddedStore({ dir, warn: () => undefined });
  try {
    const items = store.collection('items');
    const stored = await items.find({}, { projection: { _id: 1 } });
    const storedIds = new Set(stored.map((d) => d._id));
    const missing = burst.insertedIds.filter((id) => !storedIds.has(id));
    expect(missing).toEqual([]);
    expect(storedIds.size).toBeGreaterThanOrEqual(burst.insertedIds.length);
    const sample = await items.findOne({ _id: burst.insertedIds[burst.insertedIds.length - 1]! });
    expect(sample).toMatchObject({ email: expect.stringMatching(/@burst\.test$/), body: expect.any(String) });
    const counter = await store.collection('counters').findOne({ _id: COUNTER_ID });
    expect(counter?.n).toBeGreaterThanOrEqual(burst.incs);
    // Every inc follows its insert in the same lane, so the counter can never exceed the stored inserts.
    expect(counter?.n as number).toBeLessThanOrEqual(storedIds.size);
    // The unique index created by the worker survived the crash.
    const victim = (await items.findOne({ _id: burst.insertedIds[0]! }))!;
    await expect(items.insertOne({ _id: newId(), email: victim.email as string })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    );
    // The reopened store keeps working.
    await items.insertOne({ _id: newId(), email: 'after-crash@burst.test' });
  } finally {
    await store.close();
  }
  const again = await openEmbeddedStore({ dir });
  expect(await again.collection('items').countDocuments({ email: 'after-crash@burst.test' })).toBe(1);
  await again.close();
}

describe('embedded store durability', () => {
  test('kill -9 mid-burst: every acknowledged insert and $inc is there after restart', async () => {
    const dir = tempDir();
    const burst = await burstAndKill(dir, 3000);
    expect(burst.insertedIds.length).toBeGreaterThanOrEqual(3000);
    await verifyBurst(dir, burst);
  });

  test('kill -9 mid-burst while compactions run: nothing acknowledged is lost', async () => {
    const dir = tempDir();
    const burst = await burstAndKill(dir, 3000, 64 * 1024);
    await verifyBurst(dir, burst);
    expect(fs.existsSync(path.join(dir, 'snapshot.jsonl'))).toBe(true);
  });

  test('a torn last record is dropped, the file truncated, and earlier writes kept', async () => {
    const dir = tempDir();
    let store = await openEmbeddedStore({ dir });
    const ids = Array.from({ length: 20 }, () => newId());
    for (const [i, id] of ids.entries()) await store.collection('notes').insertOne({ _id: id, i });
    await store.close();
    const file = path.join(dir, journalFiles(dir).at(-1)!);
    const goodSize = fs.statSync(file).size;
    // Half of a record whose write never completed (no newline, checksum can't match).
    const torn = encodeLine({ s: 999, c: 'notes', p: [{ _id: newId(), i: 'torn' }] });
    fs.appendFileSync(file, torn.slice(0, Math.floor(torn.length / 2)));

    const warnings: string[] = [];
    store = await openEmbeddedStore({ dir, warn: (m) => warnings.push(m) });
    expect(warnings.join('\n')).toMatch(/dropped \d+ bytes of a torn\/corrupt last record/);
    expect(fs.statSync(file).size).toBe(goodSize);
    const docs = await store.collection('notes').find({}, { sort: { i: 1 } });
    expect(docs.map((d) => d._id)).toEqual(ids);
    await store.collection('notes').insertOne({ _id: newId(), i: 20 });
    await store.close();

    store = await openEmbeddedStore({ dir });
    expect(await store.collection('notes').countDocuments()).toBe(21);
    await store.close();
  });

  test('a bad last record with nothing verified after it is a torn tail: dropped, earlier writes kept', async () => {
    const dir = tempDir();
    let store = await openEmbeddedStore({ dir });
    const notes = store.collection('notes');
    await notes.insertOne({ _id: newId(), i: 1 });
    await notes.insertOne({ _id: newId(), i: 2 });
    await store.close();
    const file = path.join(dir, journalFiles(dir).at(-1)!);
    const goodSize = fs.statSync(file).size;
    const bad = encodeLine({ s: 3, c: 'notes', p: [{ _id: newId(), i: 3 }] }).replace('"i":3', '"i":4');
    fs.appendFileSync(file, bad + 'half of the next li');

    const warnings: string[] = [];
    store = await openEmbeddedStore({ dir, warn: (m) => warnings.push(m) });
    expect(warnings.join('\n')).toMatch(/dropped \d+ bytes/);
    expect((await store.collection('notes').find({}, { sort: { i: 1 } })).map((d) => d.i)).toEqual([1, 2]);
    expect(fs.statSync(file).size).toBe(goodSize);
    await store.close();
  });

  test('a damaged record followed by verified ones stops the start, names file and offset, and truncates nothing', async () => {
    const dir = tempDir();
    let store = await openEmbeddedStore({ dir });
    const notes = store.collection('notes');
    for (const i of [1, 2, 3, 4]) await notes.insertOne({ _id: newId(), i });
    await store.close();
    const file = path.join(dir, journalFiles(dir).at(-1)!);
    const original = fs.readFileSync(file);
    const lineEnds = [...original.entries()].filter(([, b]) => b === 0x0a).map(([k]) => k + 1);
    // Flip one byte inside the second record (bit rot, a bad sector): its checksum no longer verifies.
    const damaged = Buffer.from(original);
    const at = lineEnds[0]! + 20;
    damaged[at] = damaged[at] === 0x41 ? 0x42 : 0x41;
    fs.writeFileSync(file, damaged);

    const err = await openEmbeddedStore({ dir, warn: () => undefined }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(JournalDamagedError);
    const damage = err as JournalDamagedError;
    expect(damage).toMatchObject({ file, offset: lineEnds[0], nextRecordAt: lineEnds[1], laterFiles: [] });
    expect(damage.message).toContain(`${file} is damaged at byte ${lineEnds[0]}`);
    expect(damage.message).toContain(`truncate -s ${lineEnds[0]} '${file}'`);
    expect(damage.message).toMatch(/LOSES every write recorded after byte/);
    // Nothing was cut, and the refused start left the directory free for the next try.
    expect(fs.readFileSync(file)).toEqual(damaged);
    expect(fs.existsSync(path.join(dir, 'LOCK'))).toBe(false);

    // The operator follows the message: cut at the damage, accepting the loss of what follows.
    fs.truncateSync(file, damage.offset);
    store = await openEmbeddedStore({ dir });
    expect((await store.collection('notes').find({})).map((d) => d.i)).toEqual([1]);
    await store.close();
  });

  test('damage at the end of an earlier journal file stops the start and lists the later files', async () => {
    const dir = tempDir();
    const doc = (i: number) => ({ _id: newId(), i });
    const first = path.join(dir, 'journal-0000000000000001.log');
    const second = path.join(dir, 'journal-0000000000000003.log');
    fs.writeFileSync(
      first,
      encodeLine({ s: 1, c: 'notes', p: [doc(1)] }) +
        encodeLine({ s: 2, c: 'notes', p: [doc(2)] }).replace('"i":2', '"i":9'),
    );
    fs.writeFileSync(second, encodeLine({ s: 3, c: 'notes', p: [doc(3)] }));
    const goodBytes = encodeLine({ s: 1, c: 'notes', p: [doc(1)] }).length;

    const err = await openEmbeddedStore({ dir }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(JournalDamagedError);
    expect(err).toMatchObject({ file: first, offset: goodBytes, nextRecordAt: -1 });
    expect((err as JournalDamagedError).laterFiles).toEqual(['journal-0000000000000003.log']);
    expect((err as Error).message).toContain('journal-0000000000000003.log');
  });

  test('the server entry point prints the recovery steps, not a stack, and exits 1', async () => {
    const dataDir = tempDir();
    const dir = path.join(dataDir, 'db');
    const store = await openEmbeddedStore({ dir });
    for (const i of [1, 2, 3]) await store.collection('notes').insertOne({ _id: newId(), i });
    await store.close();
    const file = path.join(dir, journalFiles(dir).at(-1)!);
    const buf = fs.readFileSync(file);
    const secondLine = buf.indexOf(0x0a) + 1;
    buf[secondLine + 30] = buf[secondLine + 30] === 0x30 ? 0x31 : 0x30;
    fs.writeFileSync(file, buf);

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
      cwd: path.resolve(here, '../../..'),
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', SEED_DEMO_DATA: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(`${file} is damaged at byte ${secondLine}`);
    expect(output).toContain('To recover:');
    expect(output).toContain(`truncate -s ${secondLine}`);
    expect(output).not.toMatch(/at .*\.ts:\d+/);
  });

  test('waitDurable resolves only once every write accepted so far is synced', async () => {
    const dir = tempDir();
    let open: () => void = () => undefined;
    let gate: Promise<void> | null = null;
    let synced = 0;
    const store = await openEmbeddedStore({
      dir,
      sync: async (fd) => {
        if (gate) await gate;
        fs.fdatasyncSync(fd);
        synced++;
      },
    });
    await store.waitDurable(); // nothing pending: immediate
    gate = new Promise((r) => (open = r));
    const insert = store.collection('notes').insertOne({ _id: newId(), i: 1 });
    // Another caller sees the write at once (e.g. as a duplicate key) but it is not on disk yet.
    expect(await store.collection('notes').countDocuments()).toBe(1);
    let durable = false;
    const barrier = store.waitDurable().then(() => (durable = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(durable).toBe(false);
    gate = null;
    open();
    await Promise.all([insert, barrier]);
    expect(durable).toBe(true);
    expect(synced).toBeGreaterThanOrEqual(1);
    await store.close();
  });

  test('compaction keeps all data, shrinks the journal, and survives a crash before old journals were removed', async () => {
    const dir = tempDir();
    const store = await openEmbeddedStore({ dir });
    const coll = store.collection('articles');
    const ids = Array.from({ length: 300 }, () => newId());
    await coll.insertMany(ids.map((id, i) => ({ _id: id, i, totalViewCount: 0, text: 'y'.repeat(300) })));
    for (let round = 0; round < 10; round++) {
      await Promise.all(ids.map((id) => coll.updateOne({ _id: id }, { $inc: { totalViewCount: 1 } })));
    }
    await coll.deleteMany({ i: { $gte: 250 } });
    const before = journalBytes(dir);
    const oldJournals = journalFiles(dir).map((f) => ({ f, data: fs.readFileSync(path.join(dir, f)) }));
    expect(before).toBeGreaterThan(300 * 300 * 10);

    await store.compact();
    const snapshotSize = fs.statSync(path.join(dir, 'snapshot.jsonl')).size;
    expect(journalBytes(dir)).toBeLessThan(1000);
    expect(snapshotSize + journalBytes(dir)).toBeLessThan(before / 5);
    expect(oldJournals.some(({ f }) => fs.existsSync(path.join(dir, f)))).toBe(false);
    await coll.updateOne({ _id: ids[0]! }, { $set: { after: true } });
    await store.close();

    const expectState = async () => {
      const s = await openEmbeddedStore({ dir });
      const docs = await s.collection('articles').find({}, { sort: { i: 1 } });
      expect(docs).toHaveLength(250);
      expect(docs.every((d) => d.totalViewCount === 10)).toBe(true);
      expect(docs[0]).toMatchObject({ _id: ids[0], after: true });
      await s.close();
    };
    await expectState();

    // Crash between snapshot rename and journal cleanup: old journals reappear, plus a stale temp file.
    for (const { f, data } of oldJournals) fs.writeFileSync(path.join(dir, f), data);
    fs.writeFileSync(path.join(dir, 'snapshot.jsonl.tmp'), 'half a snapshot');
    await expectState();
    expect(fs.existsSync(path.join(dir, 'snapshot.jsonl.tmp'))).toBe(false);
  });

  test('automatic compaction runs once the journal passes the threshold', async () => {
    const dir = tempDir();
    const store = await openEmbeddedStore({ dir, compactAfterBytes: 32 * 1024 });
    const coll = store.collection('views');
    for (let i = 0; i < 400; i++) await coll.insertOne({ _id: newId(), i, pad: 'z'.repeat(200) });
    await store.close();
    expect(store.stats.compactions).toBeGreaterThan(0);
    expect(journalBytes(dir)).toBeLessThan(32 * 1024 + 4096);
    const reopened = await openEmbeddedStore({ dir });
    expect(await reopened.collection('views').countDocuments()).toBe(400);
    await reopened.close();
  });

  test('unique indexes survive restart without being re-created', async () => {
    const dir = tempDir();
    let store = await openEmbeddedStore({ dir });
    await store.collection('users').createIndex({ keys: { email: 1 }, unique: true });
    await store.collection('users').insertOne({ _id: newId(), email: 'a@x.test' });
    await store.close();
    store = await openEmbeddedStore({ dir });
    await expect(
      store.collection('users').insertOne({ _id: newId(), email: 'a@x.test' }),
    ).rejects.toMatchObject({ name: 'DuplicateKeyError', index: 'email_1' });
    await store.compact();
    await store.close();
    store = await openEmbeddedStore({ dir });
    await expect(
      store
        .collection('users')
        .updateOne({ email: 'b@x.test' }, { $set: { email: 'a@x.test' } }, { upsert: true }),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await store.collection('users').countDocuments()).toBe(1);
    await store.close();
  });

  test('a dropped index stays dropped after a restart, from the journal and from a snapshot', async () => {
    const dir = tempDir();
    let store = await openEmbeddedStore({ dir });
    const users = () => store.collection('users');
    await users().createIndex({ keys: { email: 1 }, unique: true });
    await users().insertOne({ _id: newId(), email: 'a@x.test' });
    await users().dropIndex('email_1');
    await store.close();
    store = await openEmbeddedStore({ dir });
    expect(await users().indexNames()).toEqual([]);
    // No longer unique: a second record with the address is taken.
    await users().insertOne({ _id: newId(), email: 'a@x.test' });
    await store.compact();
    await store.close();
    store = await openEmbeddedStore({ dir });
    expect(await users().indexNames()).toEqual([]);
    expect(await users().countDocuments({ email: 'a@x.test' })).toBe(2);
    await store.close();
  });

  test('a store directory is opened by one process at a time, and writes after close are refused', async () => {
    const dir = tempDir();
    const store = await openEmbeddedStore({ dir });
    await expect(openEmbeddedStore({ dir })).rejects.toThrow(/already open/);
    await store.close();
    await store.close(); // safe twice
    await expect(store.collection('x').insertOne({ _id: newId() })).rejects.toThrow(/closed/);
    // A LOCK held by a live foreign process is refused.
    fs.writeFileSync(path.join(dir, 'LOCK'), String(process.ppid));
    await expect(openEmbeddedStore({ dir })).rejects.toThrow(/in use by process/);
    // The same pid in a LOCK written before that process started (a pid reused after a reboot) is stale.
    const longAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    fs.utimesSync(path.join(dir, 'LOCK'), longAgo, longAgo);
    const reopened = await openEmbeddedStore({ dir });
    expect(fs.readFileSync(path.join(dir, 'LOCK'), 'utf8')).toBe(String(process.pid));
    await reopened.close();
    expect(fs.existsSync(path.join(dir, 'LOCK'))).toBe(false);
  });
});
