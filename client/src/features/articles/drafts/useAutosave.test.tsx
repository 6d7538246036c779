/**
 * The autosave of the article forms (docs/roles.md, "Drafts") against a stand-in of our API: what is
 * sent and when, what the writer is told, and that a discard never loses the race with a save.
 */
import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiStandIn, type ApiStandIn, type SeenRequest } from '@/test/api-stand-in';
import { renderScreen } from '@/test/render-screen';
import { AutosaveStatus } from './AutosaveStatus';
import { readLocalDraft } from './local-drafts';
import { useAutosave } from './useAutosave';

const EMAIL = 'wendy@newsroom.test';
const KEY = 'd-test-draft-1';
const fields = (description: string) => ({
  articleId: null,
  title: 'Harbour lights',
  description,
  publisher: '',
  formatedTags: [],
});
const saved = (req: SeenRequest) => ({
  status: 200,
  body: {
    key: KEY,
    ...(req.body as object),
    photoURL: null,
    createdAt: '2026-11-29T09:00:00.000Z',
    updatedAt: '2026-11-29T09:00:00.000Z',
  },
});

let autosave: ReturnType<typeof useAutosave>;
function Probe() {
  autosave = useAutosave({ email: EMAIL, key: () => KEY, delayMs: 30, firstRetryMs: 100 });
  return <AutosaveStatus state={autosave.state} refusal={autosave.refusal} />;
}
const status = () => screen.getByTestId('autosave-status');
/** The saves of `text` (an earlier test's form, unmounted, may still send its own). */
const puts = (text: string) =>
  api.seen.filter((r) => r.method === 'PUT' && (r.body as { description: string }).description === text);

let api: ApiStandIn;
beforeAll(async () => {
  api = await startApiStandIn();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.seen.length = 0;
  localStorage.clear();
});

describe('useAutosave', () => {
  it('keeps each change in the browser at once, sends the last one once typing pauses, and says Saved', async () => {
    api.respond((req) => (req.method === 'PUT' ? saved(req) : { status: 404 }));
    renderScreen(<Probe />);
    act(() => {
      for (const text of ['T', 'Th', 'The quay']) autosave.change(fields(text));
    });
    expect(status()).toHaveTextContent('Saving…');
    expect(readLocalDraft(EMAIL, KEY)).toMatchObject({ fields: fields('The quay'), synced: false });
    await screen.findByText('Saved');
    expect(api.seen.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([`/me/drafts/${KEY}`]);
    expect(puts('The quay')).toHaveLength(1);
    expect(readLocalDraft(EMAIL, KEY)?.synced).toBe(true);
  });

  it('a failed save says "Not saved — retrying" and is tried again until it lands', async () => {
    let failures = 1;
    api.respond((req) => {
      if (req.method !== 'PUT') return { status: 404 };
      if (failures-- > 0) return { status: 503, body: { message: 'Try again later' } };
      return saved(req);
    });
    renderScreen(<Probe />);
    act(() => autosave.change(fields('Typed while the server was away')));
    await screen.findByText('Not saved — retrying');
    expect(readLocalDraft(EMAIL, KEY)?.synced).toBe(false);
    await screen.findByText('Saved');
    expect(puts('Typed while the server was away')).toHaveLength(2);
    expect(readLocalDraft(EMAIL, KEY)?.synced).toBe(true);
  });

  it('a refusal the server means (409) says why and is not retried', async () => {
    api.respond(() => ({
      status: 409,
      body: { message: 'You have 50 drafts; submit or discard one first' },
    }));
    renderScreen(<Probe />);
    act(() => autosave.change(fields('One too many')));
    await screen.findByText('Not saved: You have 50 drafts; submit or discard one first');
    await new Promise((r) => setTimeout(r, 300));
    expect(puts('One too many')).toHaveLength(1);
    // Still kept in the browser.
    expect(readLocalDraft(EMAIL, KEY)?.fields.description).toBe('One too many');
  });

  it('a discard waits for the save on its way, so the draft cannot come back', async () => {
    let putAnswered = 0;
    let deleteArrived = 0;
    api.respond(async (req) => {
      if (req.method === 'PUT') {
        await new Promise((r) => setTimeout(r, 200));
        putAnswered = Date.now();
        return saved(req);
      }
      deleteArrived = Date.now();
      return { status: 200, body: { message: 'Draft discarded' } };
    });
    renderScreen(<Probe />);
    act(() => autosave.change(fields('Submitted a moment later')));
    await vi.waitFor(() => expect(puts('Submitted a moment later')).toHaveLength(1));
    await act(() => autosave.forget(KEY));
    expect(deleteArrived).toBeGreaterThanOrEqual(putAnswered);
    expect(putAnswered).toBeGreaterThan(0);
    expect(readLocalDraft(EMAIL, KEY)).toBeNull();
    expect(status()).toBeEmptyDOMElement();
  });
});
