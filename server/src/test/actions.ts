/**
 * What people do, through the API, for tests that need the app's own reaction to a write (its domain
 * event: cache drops, live events). Fixtures written straight to the store (t.store) are no event.
 */
import request from 'supertest';
import type { Publisher } from '../publishers/repository.js';
import { insertPublisher } from './article-fixtures.js';
import { bearer, signInAs, type SignedIn, type TestApp } from './app.js';

const editors = new WeakMap<TestApp, Promise<SignedIn>>();

/** One admin per test app, who writes and moderates (admins may post without a cap). */
export function editorOf(t: TestApp): Promise<SignedIn> {
  let editor = editors.get(t);
  if (!editor) {
    editor = (async () => {
      const exists = await t.store
        .collection<Publisher>('publishers')
        .findOne({ publisherName: 'Daily Planet' });
      if (!exists) await insertPublisher(t.store, 'Daily Planet');
      return signInAs(t, { role: 'admin', name: 'Desk Editor' });
    })();
    editors.set(t, editor);
  }
  return editor;
}

/** POST /articles: a Pending article; answers its id. */
export async function submitArticle(
  t: TestApp,
  input: { title?: string; photoURL?: string } = {},
): Promise<string> {
  const editor = await editorOf(t);
  const res = await request(t.app)
    .post(`/articles?email=${encodeURIComponent(editor.email)}`)
    .set(bearer(editor.token))
    .send({
      title: input.title ?? `Story ${Date.now()}`,
      photoURL: input.photoURL ?? 'https://example.test/photo.jpg',
      publisher: 'Daily Planet',
      formatedTags: ['technology'],
      description: 'Words for the test.',
    });
  if (res.status !== 201) throw new Error(`POST /articles: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.insertedId as string;
}

/** Submitted, then approved by the admin: a public article. */
export async function publishArticle(t: TestApp, input: { title?: string; photoURL?: string } = {}) {
  const id = await submitArticle(t, input);
  const editor = await editorOf(t);
  const res = await request(t.app).patch(`/update/status/${id}`).set(bearer(editor.token));
  if (res.status !== 200) throw new Error(`PATCH /update/status: ${res.status}`);
  return id;
}

/** PATCH /my-articles/update/{id} by its writer (the editor): back to Pending. */
export async function editArticle(t: TestApp, id: string, title: string): Promise<void> {
  const editor = await editorOf(t);
  const res = await request(t.app)
    .patch(`/my-articles/update/${id}`)
    .set(bearer(editor.token))
    .send({ title, publisher: 'Daily Planet', description: 'Edited words.' });
  if (res.status !== 200)
    throw new Error(`PATCH /my-articles/update: ${res.status} ${JSON.stringify(res.body)}`);
}

/** DELETE /my-articles/{id}. */
export async function deleteArticle(t: TestApp, id: string): Promise<void> {
  const editor = await editorOf(t);
  const res = await request(t.app).delete(`/my-articles/${id}`).set(bearer(editor.token));
  if (res.status !== 200) throw new Error(`DELETE /my-articles: ${res.status}`);
}

/** POST /add-publishers. */
export async function addPublisher(t: TestApp, publisherName: string): Promise<void> {
  const editor = await editorOf(t);
  const res = await request(t.app)
    .post('/add-publishers')
    .set(bearer(editor.token))
    .send({ publisherName, logo: 'https://example.test/logo.png' });
  if (res.status !== 201 && res.status !== 200) throw new Error(`POST /add-publishers: ${res.status}`);
}
