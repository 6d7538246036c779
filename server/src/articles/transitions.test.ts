/**
 * The article's status transitions (docs/roles.md): from each status, each action (a restore of an
 * earlier revision among them), by each role, the answer's status code and the status the article is
 * in afterwards. A refusal changes nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getArticle, insertArticle, insertPublisher, insertRevision } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import type { Article } from './types.js';

const FROM = ['Pending', 'Approved', 'Declined', 'Changes requested', 'Scheduled'] as const;
type From = (typeof FROM)[number];
const ROLES = ['writer', 'other reader', 'editor', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** What a call does to an article: the HTTP call with its body. */
const ACTIONS = {
  approve: (id: string) => ({ path: `/update/status/${id}`, body: {} }),
  decline: (id: string) => ({ path: `/article/decline/${id}`, body: { decliningReason: 'Off topic' } }),
  'request changes': (id: string) => ({
    path: `/article/request-changes/${id}`,
    body: { reviewNote: 'Name your sources' },
  }),
  'make premium': (id: string) => ({ path: `/make-premium/${id}`, body: {} }),
  schedule: (id: string) => ({
    path: `/article/schedule/${id}`,
    body: { publishAt: new Date(Date.now() + 86_400_000).toISOString() },
  }),
  edit: (id: string) => ({
    path: `/my-articles/update/${id}`,
    body: { title: 'Edited title', publisher: 'Daily Planet', description: 'Edited text.' },
  }),
  // Revision 1 of every fixture is the article as inserted (docs/decisions/revisions.md).
  restore: (id: string) => ({ path: `/articles/${id}/revisions/1/restore`, body: {}, method: 'post' }),
} as const;
type Action = keyof typeof ACTIONS;

/** [status code, status afterwards] ('=' : unchanged). */
type Cell = readonly [number, From | '='];
const refused = (code: number): Cell => [code, '='];
/** A moderation from Pending (`also`: from these too), refused 409 from any other status. */
const moderation = (to: From, also: From[] = []): Record<From, Record<Role, Cell>> => {
  const byModerator = (from: From): Cell =>
    from === 'Pending' || also.includes(from) ? [200, to] : refused(409);
  const row = (from: From) => ({
    writer: refused(403),
    'other reader': refused(403),
    editor: byModerator(from),
    admin: byModerator(from),
  });
  return {
    Pending: row('Pending'),
    Approved: row('Approved'),
    Declined: row('Declined'),
    'Changes requested': row('Changes requested'),
    Scheduled: row('Scheduled'),
  };
};
const premiumRow = (moderator: Cell): Record<Role, Cell> => ({
  writer: refused(403),
  'other reader': refused(403),
  editor: moderator,
  admin: moderator,
});
/** Only the writer edits; an edit makes the article Pending again; a declined one stays as it is. */
const editRow = (writer: Cell): Record<Role, Cell> => ({
  writer,
  'other reader': refused(403),
  editor: refused(403),
  admin: refused(403),
});

/** The writer and moderators restore; a restore is an edit: Pending again, never from Declined. */
const restoreRow = (from: From): Record<Role, Cell> => {
  const cell: Cell = from === 'Declined' ? refused(409) : [200, 'Pending'];
  return { writer: cell, 'other reader': refused(403), editor: cell, admin: cell };
};

const TABLE: Record<Action, Record<From, Record<Role, Cell>>> = {
  // A scheduled article may be published at once, or moved to another time.
  approve: moderation('Approved', ['Scheduled']),
  schedule: moderation('Scheduled', ['Scheduled']),
  decline: moderation('Declined'),
  'request changes': moderation('Changes requested'),
  'make premium': {
    Pending: premiumRow([200, '=']),
    Approved: premiumRow([200, '=']),
    Declined: premiumRow(refused(409)),
    'Changes requested': premiumRow([200, '=']),
    Scheduled: premiumRow([200, '=']),
  },
  edit: {
    Pending: editRow([200, 'Pending']),
    Approved: editRow([200, 'Pending']),
    Declined: editRow(refused(409)),
    'Changes requested': editRow([200, 'Pending']),
    // Edited before its time: back to review, it publishes nothing.
    Scheduled: editRow([200, 'Pending']),
  },
  restore: {
    Pending: restoreRow('Pending'),
    Approved: restoreRow('Approved'),
    Declined: restoreRow('Declined'),
    'Changes requested': restoreRow('Changes requested'),
    Scheduled: restoreRow('Scheduled'),
  },
};

let t: TestApp;
const who = {} as Record<Role, SignedIn>;

beforeAll(async () => {
  t = await makeTestApp();
  await insertPublisher(t.store, 'Daily Planet');
  const [writer, other, editor, admin] = await Promise.all([
    signInAs(t, { name: 'Wendy Writer' }),
    signInAs(t, { name: 'Olga Other' }),
    signInAs(t, { role: 'editor', name: 'Eddie Editor' }),
    signInAs(t, { role: 'admin', name: 'Ada Admin' }),
  ]);
  Object.assign(who, { writer, 'other reader': other, editor, admin });
});
afterAll(async () => {
  await t.close();
});

const fixture = async (from: From): Promise<Article> => {
  const article = await insertArticle(t.store, {
    status: from,
    decliningReason: from === 'Declined' ? 'Off topic' : null,
    ...(from === 'Changes requested' && { reviewNote: 'Shorter, please' }),
    ...(from === 'Scheduled' && { publishAt: new Date(Date.now() + 3_600_000).toISOString() }),
    userInfo: { name: 'Wendy Writer', image: '', email: who.writer.email },
  });
  await insertRevision(t.store, article);
  return article;
};

describe('status transitions: from → action → to, by role', () => {
  const cells = (Object.keys(TABLE) as Action[]).flatMap((action) =>
    FROM.flatMap((from) => ROLES.map((role) => [action, from, role, ...TABLE[action][from][role]] as const)),
  );
  it.each(cells)('%s a %s article as %s → %i, then %s', async (action, from, role, code, to) => {
    const article = await fixture(from);
    const call: { path: string; body: object; method?: 'post' } = ACTIONS[action](article._id);
    const { path, body, method = 'patch' } = call;
    const res = await request(t.app)[method](path).set(bearer(who[role].token)).send(body);
    expect(res.status).toBe(code);
    const after = (await getArticle(t.store, article._id))!;
    if (code >= 400) {
      expect(res.body.message).toEqual(expect.any(String));
      // A refusal changes nothing.
      expect(after).toEqual(article);
      return;
    }
    expect(after.status).toBe(to === '=' ? from : to);
    expect(res.body.article.status).toBe(after.status);
    if (action === 'make premium') expect(after.isPremium).toBe('Yes');
    if (action === 'schedule') expect(after.publishAt).toBe((body as { publishAt: string }).publishAt);
    if (action === 'approve' && from === 'Scheduled') expect(after.publishAt).toBeNull();
    if (action === 'request changes') {
      expect(after.reviewNote).toBe('Name your sources');
      expect(after.reviewNoteAt).toEqual(expect.any(String));
    }
  });
});

describe('request changes', () => {
  it('refuses a missing, blank, too long or extra field with 400 and changes nothing', async () => {
    const article = await fixture('Pending');
    for (const body of [{}, { reviewNote: '   ' }, { reviewNote: 'x'.repeat(2001) }, { note: 'x' }]) {
      const res = await request(t.app)
        .patch(`/article/request-changes/${article._id}`)
        .set(bearer(who.editor.token))
        .send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await getArticle(t.store, article._id)).toEqual(article);
  });

  it('answers 401 without a session and 404 for an unknown article', async () => {
    const article = await fixture('Pending');
    const path = `/article/request-changes/${article._id}`;
    expect((await request(t.app).patch(path).send({ reviewNote: 'x' })).status).toBe(401);
    const unknown = await request(t.app)
      .patch(`/article/request-changes/${'f'.repeat(24)}`)
      .set(bearer(who.editor.token))
      .send({ reviewNote: 'x' });
    expect(unknown.status).toBe(404);
  });

  it("shows the note to its writer in their own list, and to no other reader's request", async () => {
    const article = await fixture('Pending');
    await request(t.app)
      .patch(`/article/request-changes/${article._id}`)
      .set(bearer(who.admin.token))
      .send({ reviewNote: 'Add a quote from the harbour master' })
      .expect(200);
    const mine = await request(t.app).get(`/articles/${who.writer.email}`).set(bearer(who.writer.token));
    const row = (mine.body as Article[]).find((a) => a._id === article._id)!;
    expect(row).toMatchObject({
      status: 'Changes requested',
      reviewNote: 'Add a quote from the harbour master',
    });
    // The writer reads it in full; any other reader is told it does not exist; the editor reads it.
    const details = (as: Role) =>
      request(t.app).get(`/article/data/${article._id}`).set(bearer(who[as].token));
    expect((await details('writer')).body.reviewNote).toBe('Add a quote from the harbour master');
    expect((await details('other reader')).status).toBe(404);
    expect((await details('editor')).status).toBe(200);
  });
});
