/**
 * The authorization matrix of the staff routes (docs/roles.md): every operation the OpenAPI document
 * says is for admins or moderators, against each kind of caller, one asserted status a cell. An editor
 * moderates articles (the 'moderator' operations answer them as they answer an admin) and is refused
 * everything else an admin may do: users, publishers, billing, refunds, comments, revenue.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../openapi/operation.js';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';

const ROLES = ['anonymous', 'reader', 'premium', 'editor', 'admin'] as const;
type Role = (typeof ROLES)[number];

let t: TestApp;
const who = {} as Record<Exclude<Role, 'anonymous'>, SignedIn>;

beforeAll(async () => {
  t = await makeTestApp();
  const [reader, premium, editor, admin] = await Promise.all([
    signInAs(t, { name: 'Rex Reader' }),
    signInAs(t, { role: 'premium', name: 'Priya Premium' }),
    signInAs(t, { role: 'editor', name: 'Eddie Editor' }),
    signInAs(t, { role: 'admin', name: 'Ada Admin' }),
  ]);
  Object.assign(who, { reader, premium, editor, admin });
});
afterAll(async () => {
  await t.close();
});

const staff = operations.filter((op) => op.access === 'admin' || op.access === 'moderator');
/** One call of an operation as `role`: unknown ids in the path, an empty body. */
const call = (op: (typeof staff)[number], role: Role) => {
  const path = op.path.replace(/:\w+/g, 'f'.repeat(24));
  const req = request(t.app)[op.method](path);
  if (role !== 'anonymous') void req.set(bearer(who[role].token));
  return op.method === 'get' || op.method === 'delete' ? req : req.send({});
};

describe('staff routes by role', () => {
  it('covers every admin and moderator operation, and the moderation ones are the editor’s', () => {
    const moderated = staff.filter((op) => op.access === 'moderator').map((op) => `${op.method} ${op.path}`);
    expect(moderated.sort()).toEqual(
      [
        'get /all-articles/data',
        'get /all-articles/counts',
        'patch /update/status/:id',
        'patch /article/decline/:id',
        'patch /article/request-changes/:id',
        'patch /article/schedule/:id',
        'patch /make-premium/:id',
      ].sort(),
    );
    expect(staff.filter((op) => op.access === 'admin').length).toBeGreaterThanOrEqual(10);
  });

  for (const op of staff) {
    it(`${op.method.toUpperCase()} ${op.path} (${op.access})`, async () => {
      const answers = {} as Record<Role, number>;
      for (const role of ROLES) answers[role] = (await call(op, role)).status;
      // An admin gets past the guard (the unknown id or empty body is then refused on its merits).
      expect([401, 403]).not.toContain(answers.admin);
      expect(answers).toEqual({
        anonymous: 401,
        reader: 403,
        premium: 403,
        editor: op.access === 'moderator' ? answers.admin : 403,
        admin: answers.admin,
      });
    });
  }
});

describe("an article's history by role (its writer, admins and editors)", () => {
  const history = operations.filter((op) => op.access === 'owner-or-moderator');

  it('covers the history operations', () => {
    expect(history.map((op) => `${op.method} ${op.path}`).sort()).toEqual([
      'get /articles/:id/revisions',
      'post /articles/:id/revisions/:n/restore',
    ]);
  });

  for (const op of history) {
    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      const writer = await signInAs(t, { role: 'premium', name: 'Wanda Writer' });
      await insertPublisher(t.store, `Matrix Gazette ${op.operationId}`);
      const posted = await request(t.app)
        .post(`/articles?email=${encodeURIComponent(writer.email)}`)
        .set(bearer(writer.token))
        .send({
          title: 'A history of harbours',
          photoURL: 'https://example.test/h.jpg',
          publisher: `Matrix Gazette ${op.operationId}`,
          formatedTags: ['travel'],
          description: 'Where the boats came in.',
        })
        .expect(201);
      const path = op.path.replace(':id', posted.body.insertedId).replace(':n', '1');
      const answers = {} as Record<Role | 'writer', number>;
      for (const role of [...ROLES, 'writer'] as const) {
        const req = request(t.app)[op.method](path);
        if (role !== 'anonymous') void req.set(bearer((role === 'writer' ? writer : who[role]).token));
        answers[role] = (await req).status;
      }
      expect(answers).toEqual({
        anonymous: 401,
        reader: 403,
        premium: 403,
        writer: 200,
        editor: 200,
        admin: 200,
      });
    });
  }
});

describe('the editor role in All Users', () => {
  const userId = async (user: SignedIn) =>
    (await request(t.app).get(`/users/${user.email}`).set(bearer(user.token))).body._id as string;
  const give = (path: string, as: SignedIn, id: string) =>
    request(t.app).patch(`${path}/${id}`).set(bearer(as.token));
  const approve = async (as: SignedIn) =>
    (
      await request(t.app)
        .patch(`/update/status/${(await insertArticle(t.store, { status: 'Pending' }))._id}`)
        .set(bearer(as.token))
    ).status;

  it('is given and taken back by an admin, takes effect at once, and shows in the user’s record', async () => {
    const someone = await signInAs(t, { name: 'Nina Newhire' });
    const id = await userId(someone);
    expect(await approve(someone)).toBe(403);

    const made = await give('/make-editor', who.admin, id);
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ message: 'Changed to editor', modifiedCount: 1 });
    expect((await give('/make-editor', who.admin, id)).body).toEqual({
      message: 'Already an editor',
      modifiedCount: 0,
    });
    expect((await request(t.app).get(`/users/${someone.email}`).set(bearer(someone.token))).body.editor).toBe(
      true,
    );
    const listed = await request(t.app).get('/all-users?limit=50').set(bearer(who.admin.token));
    expect(listed.body.users.find((u: { _id: string }) => u._id === id).editor).toBe(true);
    expect(await approve(someone)).toBe(200);
    // Still no admin: the admin flag stays false, and admin routes refuse them.
    const isAdmin = await request(t.app)
      .get(`/check/isAdmin?email=${encodeURIComponent(someone.email)}`)
      .set(bearer(someone.token));
    expect(isAdmin.body).toEqual({ isAdmin: false });

    const taken = await give('/remove-editor', who.admin, id);
    expect(taken.body).toEqual({ message: 'No longer an editor', modifiedCount: 1 });
    expect(await approve(someone)).toBe(403);
    expect((await give('/remove-editor', who.admin, id)).body).toEqual({
      message: 'Not an editor',
      modifiedCount: 0,
    });
  });

  it('may not be given by an editor (403), nor to an unknown user (404) or a malformed id (400)', async () => {
    const someone = await signInAs(t);
    const id = await userId(someone);
    for (const path of ['/make-editor', '/remove-editor']) {
      expect((await give(path, who.editor, id)).status).toBe(403);
      expect((await give(path, who.admin, 'f'.repeat(24))).status).toBe(404);
      expect((await give(path, who.admin, 'not-an-id')).status).toBe(400);
    }
    expect(await approve(someone)).toBe(403);
  });
});
