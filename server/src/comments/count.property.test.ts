/**
 * Counts that add up where comment features meet (docs/decisions/comments.md): random interleavings
 * of posts, replies, edits, deletes (by the author and by an admin), hides, restores and reports, run
 * concurrently in random batches against the service and its store. After each run the article's
 * `commentCount` equals what an admin is listed as shown and what a reader who wrote nothing is listed.
 * COMMENT_FUZZ_RUNS and COMMENT_FUZZ_SEED run it longer or again.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Comment, CommentPage } from '@newsroom/common';
import type { Clock } from '../clock.js';
import { noDomainEvents } from '../events/domain.js';
import { makeTestApp, signInAs, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';
import type { User } from '../users/types.js';
import { createCommentService, type CommentService } from './service.js';

const RUNS = Number(process.env.COMMENT_FUZZ_RUNS ?? 25);
const SEED = Number(process.env.COMMENT_FUZZ_SEED ?? 20261128);
let nowMs = Date.UTC(2026, 2, 10, 12);
const clock: Clock = { now: () => new Date(nowMs) };

let t: TestApp;
let service: CommentService;
let authors: User[];
let admin: User;
let bystander: User;

beforeAll(async () => {
  t = await makeTestApp({ clock });
  const signed = await Promise.all([
    signInAs(t, { name: 'Ann' }),
    signInAs(t, { name: 'Ben' }),
    signInAs(t, { name: 'Cid' }),
    signInAs(t, { role: 'admin', name: 'Ada' }),
    signInAs(t, { name: 'Quiet' }),
  ]);
  const users = t.store.collection<User>('users');
  const records = await Promise.all(signed.map((s) => users.findOne({ email: s.email })));
  [admin, bystander] = [records[3]!, records[4]!];
  authors = records.slice(0, 3).map((u) => u!);
  service = createCommentService({
    store: t.store,
    clock,
    events: noDomainEvents,
    users: t.services.users,
    article: async (id) => ({
      title: () => `Article ${id}`,
      access: { status: 'Approved', isPremium: 'No', authorEmail: 'w@example.test' },
    }),
  });
});
afterAll(async () => {
  await t.close();
});

type Op =
  | { kind: 'post'; author: number; parent: number | null; links: boolean }
  | { kind: 'edit'; target: number; links: boolean }
  | { kind: 'delete'; target: number; byAdmin: boolean }
  | { kind: 'hide' | 'restore'; target: number }
  | { kind: 'report'; target: number; by: number };

const target = fc.nat(30);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('post' as const),
    author: fc.nat(2),
    parent: fc.option(target),
    links: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('edit' as const), target, links: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), target, byAdmin: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('hide' as const, 'restore' as const), target }),
  fc.record({ kind: fc.constant('report' as const), target, by: fc.nat(2) }),
);

let unique = 0;
const LINKS = ' https://a.test https://b.test https://c.test https://d.test';

/** Every listed comment and reply of the article, for this caller, across pages. */
async function everything(articleId: string, caller: User): Promise<{ page: CommentPage; all: Comment[] }> {
  const all: Comment[] = [];
  let page: CommentPage;
  let n = 1;
  do {
    page = await service.list(articleId, { sort: 'oldest', page: n, limit: 50 }, caller);
    for (const c of page.comments) all.push(c, ...c.replies);
    n += 1;
  } while (n <= page.totalPages);
  return { page, all };
}

it('random interleavings keep the count equal to what admins and readers are listed', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
      async (batches) => {
        const article = await insertArticle(t.store);
        const made: { id: string; author: User }[] = [];
        const pick = (i: number) => made[i % Math.max(made.length, 1)];
        for (const batch of batches) {
          // Each batch runs at once: its operations interleave at every await of the store.
          await Promise.all(
            batch.map(async (o) => {
              const c = pick('target' in o ? o.target : 0);
              try {
                switch (o.kind) {
                  case 'post': {
                    const author = authors[o.author]!;
                    const parent = o.parent === null ? undefined : pick(o.parent)?.id;
                    const body = `Comment ${++unique}${o.links ? LINKS : ''}`;
                    const posted = await service.post(article._id, { body, replyTo: parent }, author);
                    made.push({ id: posted._id, author });
                    return;
                  }
                  case 'edit':
                    if (c) await service.edit(c.id, `Edited ${++unique}${o.links ? LINKS : ''}`, c.author);
                    return;
                  case 'delete':
                    if (c) await service.remove(c.id, o.byAdmin ? admin : c.author);
                    return;
                  case 'hide':
                  case 'restore':
                    if (c) await service.moderate(c.id, o.kind === 'hide');
                    return;
                  case 'report':
                    if (c) await service.report(c.id, 'spam', authors[o.by]!);
                    return;
                }
              } catch (err) {
                // Refusals are part of the game (a reply to a hidden parent, an edit of a removed one…).
                if (!(err instanceof Error && 'status' in err && Number(err.status) < 500)) throw err;
              }
            }),
          );
          nowMs += 1000;
        }
        const asAdmin = await everything(article._id, admin);
        const shown = asAdmin.all.filter((c) => !c.hidden && !c.removed && !c.pending);
        expect(asAdmin.page.commentCount).toBe(shown.length);
        const asReader = await everything(article._id, bystander);
        expect(asReader.all.filter((c) => !c.removed)).toHaveLength(asReader.page.commentCount);
        expect(asReader.all.some((c) => c.hidden || c.pending)).toBe(false);
      },
    ),
    { numRuns: RUNS, seed: SEED },
  );
});
