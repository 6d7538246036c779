/**
 * A digest is never sent twice for one period, even when the process is SIGKILLed mid-send and
 * started again (docs/decisions/email.md, "at most once"): the mail cut off mid-send is marked
 * `interrupted` and not re-sent; the others go out once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { insertArticle } from '../test/article-fixtures.js';
import { startTestSmtp } from '../test/smtp.js';
import { openEmbeddedStore } from '../store/embedded/index.js';
import { ensureIndexes } from '../store/index.js';
import { preferencesId, type MailPreferencesRecord, type OutboxMail } from './repository.js';

const dir = mkdtempSync(path.join(tmpdir(), 'newsroom-digest-kill-'));
const children = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const SLOT = Date.UTC(2026, 6, 1, 7);
const READERS = Array.from({ length: 5 }, (_, i) => `reader${i}@digest-kill.test`);

function runWorker(smtpUrl: string, nowMs: number, staleMs: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/test/digest-worker.ts', dir, smtpUrl, String(nowMs), String(staleMs)],
    { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

it('sends each reader one digest for the period across a SIGKILL mid-send and a restart', async () => {
  const store = await openEmbeddedStore({ dir: path.join(dir, 'store') });
  await ensureIndexes(store);
  for (const title of ['Kill-proof one', 'Kill-proof two']) {
    const article = await insertArticle(store, { articleTitle: title });
    await store
      .collection('digest_articles')
      .insertOne({ _id: article._id, approvedAt: new Date(SLOT - 3_600_000).toISOString() });
  }
  for (const email of READERS) {
    await store.collection<MailPreferencesRecord>('mail_preferences').insertOne({
      _id: preferencesId(email),
      email,
      digest: 'daily',
      scope: 'everything',
      hour: 7,
      notices: true,
      confirmed: true,
      confirmNonce: 'n',
      confirmRequestedAt: null,
      nextDigestAt: new Date(SLOT).toISOString(),
      digestSince: new Date(SLOT - 86_400_000).toISOString(),
      updatedAt: new Date(SLOT - 86_400_000).toISOString(),
    });
  }
  await store.close();

  const smtp = await startTestSmtp();
  let hung: () => void = () => {};
  const hanging = new Promise<void>((resolve) => (hung = resolve));
  // The third digest reaches the server, which never acknowledges it: the sender is killed waiting.
  smtp.hang = () => {
    if (smtp.mails.length !== 3) return false;
    hung();
    return true;
  };
  const first = runWorker(smtp.url, SLOT + 60_000, 60_000);
  await Promise.race([hanging, first.exited.then(() => Promise.reject(new Error(first.output())))]);
  first.child.kill('SIGKILL');
  expect((await first.exited).signal).toBe('SIGKILL');
  expect(smtp.mails).toHaveLength(3);

  // Restarted after the cut-off mail counts as stale: the rest go out, the cut-off one does not.
  smtp.hang = undefined;
  const second = runWorker(smtp.url, SLOT + 120_000, 30_000);
  expect((await second.exited).code, second.output()).toBe(0);
  // Once more: nothing new for this period.
  const third = runWorker(smtp.url, SLOT + 180_000, 30_000);
  expect((await third.exited).code, third.output()).toBe(0);

  const received = READERS.map((email) => smtp.mails.filter((m) => m.to.includes(email)).length);
  expect(received).toEqual([1, 1, 1, 1, 1]);
  expect(smtp.mails.every((m) => m.subject === 'Your daily Newsroom digest: 2 new articles')).toBe(true);

  const check = await openEmbeddedStore({ dir: path.join(dir, 'store') });
  const statuses = (await check.collection<OutboxMail>('mail_outbox').find({ kind: 'digest' }))
    .map((m) => m.status)
    .sort();
  expect(statuses).toEqual(['interrupted', 'sent', 'sent', 'sent', 'sent']);
  const prefs = await check.collection<MailPreferencesRecord>('mail_preferences').find({});
  expect(prefs.every((p) => p.nextDigestAt === new Date(SLOT + 86_400_000).toISOString())).toBe(true);
  await check.close();
  await smtp.close();
}, 60_000);
