/**
 * The editorial workflow where its features meet (issue 37): random sequences of the writer's edits
 * (sent at once, or autosaved as a draft of the update and submitted later),
 * a moderator's approve / schedule (a time ahead, or a refused one behind) / request changes /
 * decline, a restore of an earlier revision (by the writer or a moderator), the clock moving on and the
 * scheduler's sweep, over the HTTP API, checked step by step against a model of docs/roles.md and
 * docs/decisions/revisions.md. Whatever the order: a Scheduled article is published only by the sweep
 * at or after its time (or by Approve), an edit or a restore is never published before a moderator
 * decides on it, the latest text sent is the text stored, and the history holds every text sent, the
 * stored one newest. EDITORIAL_FUZZ_RUNS and
 * EDITORIAL_FUZZ_SEED run it longer or again.
 */
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getArticle, insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';

// The model is the engine's as much as the app's; on the MongoDB engine (the DocumentDB lane, where a
// step's dozen calls cost several times more) fewer runs check the same sequences' store side.
const RUNS = Number(process.env.EDITORIAL_FUZZ_RUNS ?? (process.env.ROUTES_ON_MONGODB ? 15 : 50));
const SEED = Number(process.env.EDITORIAL_FUZZ_SEED ?? 20261129);
const MINUTE = 60_000;
let nowMs = Date.UTC(2026, 10, 29, 9);
const clock = { now: () => new Date(nowMs) };

let t: TestApp;
let writer: SignedIn;
let editor: SignedIn;

beforeAll(async () => {
  t = await makeTestApp({ clock });
  await insertPublisher(t.store, 'Daily Planet');
  [writer, editor] = await Promise.all([
    signInAs(t, { name: 'Wendy Writer' }),
    signInAs(t, { role: 'editor', name: 'Eddie Editor' }),
  ]);
});
afterAll(async () => {
  await t.close();
});

type Step =
  | { kind: 'edit'; text: string }
  | { kind: 'draft'; text: string }
  | { kind: 'submitDraft' }
  | { kind: 'restore'; n: number; by: 'writer' | 'editor' }
  | { kind: 'approve' }
  | { kind: 'schedule'; minutes: number }
  | { kind: 'requestChanges' }
  | { kind: 'decline' }
  | { kind: 'wait'; minutes: number }
  | { kind: 'sweep' };

const text = fc.stringMatching(/^[A-Za-z][A-Za-z ]{3,38}[A-Za-z]$/);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), text }),
  // The writer's autosaved update (a draft of this article), and submitting it.
  fc.record({ kind: fc.constant('draft' as const), text }),
  fc.constant({ kind: 'submitDraft' as const }),
  // Mostly a revision that exists (a short history has a few), sometimes one that does not (404).
  {
    arbitrary: fc.record({
      kind: fc.constant('restore' as const),
      n: fc.integer({ min: 1, max: 4 }),
      by: fc.constantFrom('writer' as const, 'editor' as const),
    }),
    weight: 2,
  },
  fc.constant({ kind: 'approve' as const }),
  // Mostly ahead; sometimes behind (refused, 400). Scheduling and the sweep come more often: their
  // meeting (a sweep before, at or after the time) is what this test is about.
  {
    arbitrary: fc.record({
      kind: fc.constant('schedule' as const),
      minutes: fc.integer({ min: -30, max: 120 }),
    }),
    weight: 2,
  },
  fc.constant({ kind: 'requestChanges' as const }),
  fc.constant({ kind: 'decline' as const }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 90 }) }),
  { arbitrary: fc.constant({ kind: 'sweep' as const }), weight: 3 },
);

/** What docs/roles.md says the article is after each step. */
interface Model {
  status: 'Pending' | 'Approved' | 'Declined' | 'Changes requested' | 'Scheduled';
  publishAt: number | null;
  text: string;
  /** The text of each revision, revision 1 first (none until the first edit of the inserted article). */
  history: string[];
  /** The writer's unsent update (autosaved), never the article's until submitted. */
  draft: string | null;
}

/** The model's answer to a step: the expected HTTP status (null: not an HTTP call), and the new model. */
function apply(m: Model, s: Step, now: number): { code: number | null; next: Model } {
  const decides = m.status === 'Pending';
  const edit = (text: string, draft: string | null) => {
    if (m.status === 'Declined') return { code: 409, next: m };
    // The inserted article predates revisions: its first edit records it as revision 1 first.
    return {
      code: 200,
      next: {
        status: 'Pending' as const,
        publishAt: null,
        text,
        history: [...(m.history.length ? m.history : [m.text]), text],
        draft,
      },
    };
  };
  switch (s.kind) {
    case 'edit':
      return edit(s.text, m.draft);
    case 'draft':
      // A new draft of a declined article is refused; one begun before keeps being saved.
      if (m.status === 'Declined' && m.draft === null) return { code: 409, next: m };
      return { code: 200, next: { ...m, draft: s.text } };
    case 'submitDraft':
      if (m.draft === null) return { code: null, next: m };
      // Refused (declined meanwhile): the draft stays, nothing typed is lost.
      return edit(m.draft, m.status === 'Declined' ? m.draft : null);
    case 'restore': {
      if (m.status === 'Declined') return { code: 409, next: m };
      const text = m.history[s.n - 1];
      if (text === undefined) return { code: 404, next: m };
      return {
        code: 200,
        next: { status: 'Pending', publishAt: null, text, history: [...m.history, text], draft: m.draft },
      };
    }
    case 'approve':
      if (!decides && m.status !== 'Scheduled') return { code: 409, next: m };
      return { code: 200, next: { ...m, status: 'Approved', publishAt: null } };
    case 'schedule': {
      const at = now + s.minutes * MINUTE;
      if (at <= now) return { code: 400, next: m };
      if (!decides && m.status !== 'Scheduled') return { code: 409, next: m };
      return { code: 200, next: { ...m, status: 'Scheduled', publishAt: at } };
    }
    case 'requestChanges':
      return decides ? { code: 200, next: { ...m, status: 'Changes requested' } } : { code: 409, next: m };
    case 'decline':
      return decides ? { code: 200, next: { ...m, status: 'Declined' } } : { code: 409, next: m };
    case 'wait':
      return { code: null, next: m };
    case 'sweep':
      return {
        code: null,
        next:
          m.status === 'Scheduled' && m.publishAt !== null && m.publishAt <= now
            ? { ...m, status: 'Approved', publishAt: null }
            : m,
      };
  }
}

/** The step, made over HTTP (or the sweep as the sweeps run it); the answer's status code. */
async function perform(id: string, s: Step): Promise<number | null> {
  const as = (who: SignedIn, path: string, body: object) =>
    request(t.app).patch(path).set(bearer(who.token)).send(body);
  const draftPath = `/me/drafts/edit-${id}`;
  switch (s.kind) {
    case 'draft':
      return (
        await request(t.app).put(draftPath).set(bearer(writer.token)).send({
          articleId: id,
          title: 'Harbour lights',
          description: s.text,
          publisher: 'Daily Planet',
          formatedTags: [],
        })
      ).status;
    case 'submitDraft': {
      // As the update dialog does: the draft's fields sent as the update, then the draft dropped.
      const draft = await request(t.app).get(draftPath).set(bearer(writer.token));
      if (draft.status === 404) return null;
      const sent = await as(writer, `/my-articles/update/${id}`, {
        title: draft.body.title,
        publisher: draft.body.publisher,
        description: draft.body.description,
      });
      if (sent.status === 200) await request(t.app).delete(draftPath).set(bearer(writer.token)).expect(200);
      return sent.status;
    }
    case 'edit':
      return (
        await as(writer, `/my-articles/update/${id}`, {
          title: 'Harbour lights',
          publisher: 'Daily Planet',
          description: s.text,
        })
      ).status;
    case 'restore':
      return (
        await request(t.app)
          .post(`/articles/${id}/revisions/${s.n}/restore`)
          .set(bearer((s.by === 'writer' ? writer : editor).token))
      ).status;
    case 'approve':
      return (await as(editor, `/update/status/${id}`, {})).status;
    case 'schedule':
      return (
        await as(editor, `/article/schedule/${id}`, {
          publishAt: new Date(nowMs + s.minutes * MINUTE).toISOString(),
        })
      ).status;
    case 'requestChanges':
      return (await as(editor, `/article/request-changes/${id}`, { reviewNote: 'Cite it' })).status;
    case 'decline':
      return (await as(editor, `/article/decline/${id}`, { decliningReason: 'Off topic' })).status;
    case 'wait':
      nowMs += s.minutes * MINUTE;
      return null;
    case 'sweep':
      await t.services.articles.publishDue();
      return null;
  }
}

it('never publishes early, never publishes an unreviewed edit, never loses a text sent', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
      const article = await insertArticle(t.store, {
        status: 'Pending',
        articleTitle: 'Harbour lights',
        articleDescription: 'First draft of the story',
        userInfo: { name: 'Wendy Writer', image: '', email: writer.email },
      });
      let model: Model = {
        status: 'Pending',
        publishAt: null,
        text: 'First draft of the story',
        history: [],
        draft: null,
      };
      for (const [i, s] of steps.entries()) {
        const expected = apply(model, s, nowMs);
        const code = await perform(article._id, s);
        const at = `step ${i} ${JSON.stringify(s)} from ${model.status}`;
        expect(code, at).toBe(expected.code);
        model = expected.next;
        const stored = (await getArticle(t.store, article._id))!;
        expect(stored.status, at).toBe(model.status);
        expect(stored.articleDescription, at).toBe(model.text);
        expect(stored.publishAt ? Date.parse(stored.publishAt) : null, at).toBe(model.publishAt);
        // Every text sent is in the history, newest first, and the newest is the one stored.
        const history = await request(t.app)
          .get(`/articles/${article._id}/revisions`)
          .set(bearer(writer.token))
          .expect(200);
        const texts = (history.body as { articleDescription: string }[]).map((r) => r.articleDescription);
        expect(texts, at).toEqual([...model.history].reverse());
        if (texts.length) expect(texts[0], at).toBe(stored.articleDescription);
        // Public only when Approved: the public answer follows the status at every step.
        const open = await request(t.app).get(`/articles/public/${article._id}`);
        expect(open.status, at).toBe(model.status === 'Approved' ? 200 : 404);
        // The unsent update is the writer's alone, exactly as last saved.
        const draft = await request(t.app).get(`/me/drafts/edit-${article._id}`).set(bearer(writer.token));
        expect(draft.status === 200 ? draft.body.description : null, at).toBe(model.draft);
      }
      // Each run's article is new: its draft goes, so the writer never reaches the drafts' cap.
      await request(t.app).delete(`/me/drafts/edit-${article._id}`).set(bearer(writer.token));
    }),
    { numRuns: RUNS, seed: SEED },
  );
}, 120_000);
