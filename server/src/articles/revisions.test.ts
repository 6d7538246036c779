/**
 * Article revisions (issue 37, docs/decisions/revisions.md): every submitted version is kept — the
 * submission, each edit, each restore — its writer and moderators read them, and restoring an earlier
 * one submits it again like an edit (Pending, off the public lists). The last REVISIONS_KEPT are kept.
 */
import { REVISIONS_KEPT, type ArticleRevision } from '@newsroom/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events/domain.js';
import { REVISIONS_COLLECTION } from '../revisions/repository.js';
import { getArticle, insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { MODERATOR_BY } from './revisions.js';

let now = Date.UTC(2026, 4, 1, 9);
const clock = { now: () => new Date(now) };
let t: TestApp;
let writer: SignedIn;
let otherWriter: SignedIn;
let reader: SignedIn;
let editor: SignedIn;
let admin: SignedIn;
const seen: DomainEvent[] = [];

beforeAll(async () => {
  t = await makeTestApp({ clock });
  [writer, otherWriter, reader, editor, admin] = await Promise.all([
    // Premium: the free plan's one article would stop the suite's second post.
    signInAs(t, { role: 'premium', name: 'Wren Writer' }),
    signInAs(t, { role: 'premium', name: 'Otto Other' }),
    signInAs(t, { name: 'Rex Reader' }),
    signInAs(t, { role: 'editor', name: 'Eddie Editor' }),
    signInAs(t, { role: 'admin', name: 'Ada Admin' }),
  ]);
  await Promise.all([insertPublisher(t.store, 'Daily Planet'), insertPublisher(t.store, 'Metro Herald')]);
  t.events.subscribe((event) => void seen.push(event));
});
afterAll(async () => {
  await t.close();
});

const later = () => (now += 60_000);
const submission = {
  title: 'Harbour lights come back on',
  photoURL: 'https://example.test/harbour.jpg',
  publisher: 'Daily Planet',
  formatedTags: ['travel'],
  description: 'The harbour lights were switched back on last night after ten years.',
};
const post = async (by: SignedIn = writer): Promise<string> => {
  const res = await request(t.app)
    .post(`/articles?email=${encodeURIComponent(by.email)}`)
    .set(bearer(by.token))
    .send(submission)
    .expect(201);
  return res.body.insertedId as string;
};
const edit = (id: string, body: object, by: SignedIn = writer) => {
  later();
  return request(t.app).patch(`/my-articles/update/${id}`).set(bearer(by.token)).send(body);
};
const secondVersion = {
  title: 'Harbour lights return after a decade',
  publisher: 'Metro Herald',
  formatedTags: ['travel', 'lifestyle'],
  photoURL: 'https://example.test/harbour-night.jpg',
  description: 'The harbour lights came back on last night, ten years after the council switched them off.',
};
const history = (id: string, by: SignedIn | null = writer) => {
  const req = request(t.app).get(`/articles/${id}/revisions`);
  return by ? req.set(bearer(by.token)) : req;
};
const revisionsOf = async (id: string, by: SignedIn = writer): Promise<ArticleRevision[]> =>
  (await history(id, by).expect(200)).body as ArticleRevision[];
const restore = (id: string, n: number | string, by: SignedIn | null = writer) => {
  later();
  const req = request(t.app).post(`/articles/${id}/revisions/${n}/restore`);
  return by ? req.set(bearer(by.token)) : req;
};
const approve = (id: string) =>
  request(t.app).patch(`/update/status/${id}`).set(bearer(editor.token)).expect(200);
const isPublic = async (id: string) => {
  const list = await request(t.app).get('/all-articles/approved?limit=50').expect(200);
  const teaser = await request(t.app).get(`/articles/public/${id}`);
  const listed = (list.body as { _id: string }[]).some((a) => a._id === id);
  expect(listed).toBe(teaser.status === 200);
  return listed;
};

describe('recording revisions', () => {
  it('records the submission as revision 1 and each edit as the next, newest first, with who and when', async () => {
    const submittedAt = new Date(now).toISOString();
    const id = await post();
    expect(await revisionsOf(id)).toEqual([
      {
        n: 1,
        articleTitle: submission.title,
        articleDescription: submission.description,
        articleImage: submission.photoURL,
        publisher: 'Daily Planet',
        Tags: ['travel'],
        by: { name: 'Wren Writer', email: writer.email },
        at: submittedAt,
        reason: 'submitted',
      },
    ]);

    await edit(id, secondVersion).expect(200);
    const [second, first] = await revisionsOf(id);
    expect(second).toEqual({
      n: 2,
      articleTitle: secondVersion.title,
      articleDescription: secondVersion.description,
      articleImage: secondVersion.photoURL,
      publisher: 'Metro Herald',
      Tags: ['travel', 'lifestyle'],
      by: { name: 'Wren Writer', email: writer.email },
      at: new Date(now).toISOString(),
      reason: 'edited',
    });
    expect(first).toMatchObject({ n: 1, articleTitle: submission.title, at: submittedAt });
    // An edit without tags or image keeps the article's, and its revision says so.
    await edit(id, { title: 'Third', publisher: 'Daily Planet', description: 'Shorter.' }).expect(200);
    expect((await revisionsOf(id))[0]).toMatchObject({
      n: 3,
      articleTitle: 'Third',
      articleImage: secondVersion.photoURL,
      Tags: ['travel', 'lifestyle'],
    });
  });

  it("records an older article's state as revision 1 at its first edit, so its history starts there", async () => {
    const article = await insertArticle(t.store, {
      status: 'Approved',
      articleTitle: 'Written before revisions',
      userInfo: { name: 'Wren Writer', image: '', email: writer.email },
    });
    expect(await revisionsOf(article._id)).toEqual([]);
    await edit(article._id, secondVersion).expect(200);
    const [edited, original] = await revisionsOf(article._id);
    expect(edited).toMatchObject({ n: 2, reason: 'edited', articleTitle: secondVersion.title });
    expect(original).toEqual({
      n: 1,
      articleTitle: 'Written before revisions',
      articleDescription: article.articleDescription,
      articleImage: article.articleImage,
      publisher: article.publisher,
      Tags: article.Tags,
      by: { name: 'Wren Writer', email: writer.email },
      at: article.createdAt,
      reason: 'submitted',
    });
  });

  it('numbers edits made at the same moment one each, none lost', async () => {
    const id = await post();
    const bodies = [1, 2, 3, 4, 5, 6].map((i) => ({ ...secondVersion, title: `Version ${i}` }));
    const answers = await Promise.all(bodies.map((body) => edit(id, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const revisions = await revisionsOf(id);
    expect(revisions.map((r) => r.n)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(
      revisions
        .slice(0, 6)
        .map((r) => r.articleTitle)
        .sort(),
    ).toEqual(bodies.map((b) => b.title).sort());
  });

  it(`keeps the last ${REVISIONS_KEPT} revisions of an article`, async () => {
    const id = await post();
    const edits = REVISIONS_KEPT + 2;
    for (let i = 1; i <= edits; i++) {
      await edit(id, { title: `Edit ${i}`, publisher: 'Daily Planet', description: `Text ${i}` }).expect(200);
    }
    const revisions = await revisionsOf(id);
    expect(revisions).toHaveLength(REVISIONS_KEPT);
    expect(revisions[0]).toMatchObject({ n: edits + 1, articleTitle: `Edit ${edits}` });
    expect(revisions.at(-1)).toMatchObject({ n: edits + 2 - REVISIONS_KEPT });
    expect(await t.store.collection(REVISIONS_COLLECTION).countDocuments({ articleId: id })).toBe(
      REVISIONS_KEPT,
    );
    // What was dropped cannot be restored; the oldest kept can.
    await restore(id, edits + 1 - REVISIONS_KEPT).expect(404);
    await restore(id, edits + 2 - REVISIONS_KEPT).expect(200);
  });

  it('goes with its article when the article is deleted', async () => {
    const id = await post();
    await edit(id, secondVersion).expect(200);
    const stored = () => t.store.collection(REVISIONS_COLLECTION).countDocuments({ articleId: id });
    expect(await stored()).toBe(2);
    await request(t.app).delete(`/my-articles/${id}`).set(bearer(writer.token)).expect(200);
    expect(await stored()).toBe(0);
    await history(id).expect(404);
  });
});

describe('restoring a revision', () => {
  it('submits revision 1 again as revision 3, with its text, image, tags and publisher', async () => {
    const id = await post();
    await edit(id, secondVersion).expect(200);
    const res = await restore(id, 1).expect(200);
    expect(res.body).toMatchObject({
      message: 'Revision restored',
      modifiedCount: 1,
      article: { _id: id, articleTitle: submission.title, status: 'Pending' },
    });
    const [restored, , first] = await revisionsOf(id);
    const content = (r: ArticleRevision) => ({
      articleTitle: r.articleTitle,
      articleDescription: r.articleDescription,
      articleImage: r.articleImage,
      publisher: r.publisher,
      Tags: r.Tags,
    });
    expect(restored).toMatchObject({ n: 3, reason: 'restored', restoredFrom: 1 });
    expect(content(restored!)).toEqual(content(first!));
    const stored = (await getArticle(t.store, id))!;
    expect(content({ ...stored, n: 0 } as unknown as ArticleRevision)).toEqual(content(first!));
  });

  it('sends an approved article back to review: Pending, off the public lists, article.edited said', async () => {
    const id = await post();
    await edit(id, secondVersion).expect(200);
    await approve(id);
    expect(await isPublic(id)).toBe(true);

    const res = await restore(id, 1, editor).expect(200);
    expect(res.body.article.status).toBe('Pending');
    expect((await getArticle(t.store, id))!.status).toBe('Pending');
    expect(await isPublic(id)).toBe(false);
    expect(seen.filter((e) => e.type === 'article.edited' && e.article.id === id).at(-1)).toMatchObject({
      wasApproved: true,
    });

    // The moderator is named to moderators; the writer is told only that a moderator restored it.
    expect((await revisionsOf(id, admin))[0]).toMatchObject({
      reason: 'restored',
      by: { name: 'Eddie Editor', email: editor.email },
    });
    const [mine] = await revisionsOf(id, writer);
    expect(mine!.by).toEqual({ name: MODERATOR_BY });
  });

  it('takes a scheduled article out of the schedule', async () => {
    const id = await post();
    await request(t.app)
      .patch(`/article/schedule/${id}`)
      .set(bearer(editor.token))
      .send({ publishAt: new Date(now + 86_400_000).toISOString() })
      .expect(200);
    const res = await restore(id, 1).expect(200);
    expect(res.body.article).toMatchObject({ status: 'Pending', publishAt: null });
  });
});

describe('who may see and restore revisions', () => {
  it("answers the article's writer, admins and editors; refuses other users (403) and anonymous (401)", async () => {
    const id = await post();
    await edit(id, secondVersion).expect(200);
    const before = await getArticle(t.store, id);

    for (const someone of [otherWriter, reader]) {
      expect((await history(id, someone)).status).toBe(403);
      const refused = await restore(id, 1, someone);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toEqual(expect.any(String));
    }
    expect((await history(id, null)).status).toBe(401);
    expect((await restore(id, 1, null)).status).toBe(401);
    expect(await getArticle(t.store, id)).toEqual(before);

    expect((await revisionsOf(id, editor)).map((r) => r.n)).toEqual([2, 1]);
    expect((await revisionsOf(id, admin)).map((r) => r.n)).toEqual([2, 1]);
    await restore(id, 1, admin).expect(200);
    expect((await revisionsOf(id)).map((r) => r.n)).toEqual([3, 2, 1]);
  });

  it('refuses a declined article (409), an unknown article or revision (404) and malformed input (400)', async () => {
    const id = await post();
    await request(t.app)
      .patch(`/article/decline/${id}`)
      .set(bearer(editor.token))
      .send({ decliningReason: 'Off topic' })
      .expect(200);
    const declined = await getArticle(t.store, id);
    const res = await restore(id, 1);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A declined article cannot be updated');
    expect(await getArticle(t.store, id)).toEqual(declined);
    expect(await revisionsOf(id)).toHaveLength(1);

    const open = await post();
    await restore(open, 2).expect(404);
    await restore('f'.repeat(24), 1).expect(404);
    await history('f'.repeat(24)).expect(404);
    for (const n of ['0', 'x', '1.5', '-1', '1e3']) {
      const malformed = await restore(open, n);
      expect(malformed.status, n).toBe(400);
      expect(malformed.body.message, n).toEqual(expect.any(String));
    }
    expect((await history('not-an-id')).status).toBe(400);
  });
});
