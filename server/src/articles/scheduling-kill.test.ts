/**
 * The scheduler across a kill (issue 37): a process killed at the publication moment — before its
 * update reached the store, or right after the store acknowledged it — publishes the article exactly
 * once after a restart: Approved, one "published" mail to its writer, and nothing more on later runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../mail/repository.js';
import { openEmbeddedStore } from '../store/embedded/index.js';
import { ensureIndexes } from '../store/index.js';
import { insertArticle } from '../test/article-fixtures.js';

const dirs: string[] = [];
const children = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const PUBLISH_AT = Date.UTC(2026, 11, 1, 9);
const WRITER = 'wren@scheduling-kill.test';

function runWorker(dir: string, nowMs: number, killAt: 'before' | 'after' | 'none') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/test/scheduler-worker.ts', dir, String(nowMs), killAt],
    { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  return new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, output })),
  );
}

describe('scheduled publishing across a SIGKILL', () => {
  for (const killAt of ['before', 'after'] as const) {
    it(`killed ${killAt} the update lands: published exactly once after the restart`, async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'newsroom-scheduling-kill-'));
      dirs.push(dir);
      const setup = await openEmbeddedStore({ dir: path.join(dir, 'store') });
      await ensureIndexes(setup);
      await setup
        .collection('users')
        .insertOne({ _id: 'u1', email: WRITER, name: 'Wren Writer', publicId: 'p1' });
      const article = await insertArticle(setup, {
        status: 'Scheduled',
        publishAt: new Date(PUBLISH_AT).toISOString(),
        articleTitle: 'Harbour lights return',
        userInfo: { name: 'Wren Writer', image: '', email: WRITER },
      });
      await setup.close();

      const killed = await runWorker(dir, PUBLISH_AT + 1_000, killAt);
      expect(killed.signal, killed.output).toBe('SIGKILL');

      // Restarted after the outbox's settling time: the sweeps run, then run again and find nothing.
      const restarted = await runWorker(dir, PUBLISH_AT + 120_000, 'none');
      expect(restarted.code, restarted.output).toBe(0);
      expect(restarted.output).toMatch(
        new RegExp(
          `^published ${killAt === 'before' ? 1 : 0} followUps \\d+\nthen published 0 followUps 0\n$`,
        ),
      );

      const check = await openEmbeddedStore({ dir: path.join(dir, 'store') });
      expect(await check.collection('articles').findOne({ _id: article._id })).toMatchObject({
        status: 'Approved',
      });
      const mails = await check.collection<OutboxMail>('mail_outbox').find({ to: WRITER });
      expect(mails.map((m) => m.subject)).toEqual(['Your article is published: Harbour lights return']);
      await check.close();
    }, 60_000);
  }
});
