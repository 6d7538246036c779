import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TOKEN_KEY } from '@/lib/api-client';
import { discardDraft, saveDraft, type DraftFields } from '@/lib/api/drafts';
import { queryKeys } from '@/lib/api/keys';
import { requestOf } from '@/lib/api/call';
import { env } from '@/lib/env';
import { apiErrorMessage } from '@/lib/http-error';
import { readLocalDraft, removeLocalDraft, writeLocalDraft } from './local-drafts';

/** What the writer is told: nothing yet, the save on its way, saved, or why not. */
export type AutosaveState = 'idle' | 'saving' | 'saved' | 'retrying' | 'refused';

/** How long typing must pause before a save (a save is also sent when the page is left). */
export const AUTOSAVE_DELAY_MS = 800;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

interface AutosaveOptions {
  email: string | null | undefined;
  /** The draft's key; called on the first change (Add Article names a new draft then). */
  key: () => string;
  delayMs?: number;
  /** The first retry's wait (doubling up to 30 s). */
  firstRetryMs?: number;
}

/** A network failure, a 5xx, a 408 or a 429 is tried again; any other refusal waits for the next change. */
function retryable(error: unknown): boolean {
  const status = (error as { response?: { status?: number } }).response?.status;
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

/**
 * Saves a form as its writer types (docs/roles.md, "Drafts"): each change goes to the browser's copy
 * at once and to the server after a pause in typing, one save at a time, the latest fields winning; a
 * failed save is retried with backoff (and at once when the browser is back online), and leaving the
 * page sends what is unsaved.
 */
export function useAutosave({
  email,
  key,
  delayMs = AUTOSAVE_DELAY_MS,
  firstRetryMs = FIRST_RETRY_MS,
}: AutosaveOptions) {
  const client = useQueryClient();
  const [state, setState] = useState<AutosaveState>('idle');
  const [refusal, setRefusal] = useState('');
  const pending = useRef<DraftFields | null>(null);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryMs = useRef(firstRetryMs);
  const keyRef = useRef(key);
  keyRef.current = key;
  const emailRef = useRef(email);
  emailRef.current = email;
  const stopped = useRef(false);
  /** The save on its way, so a discard lands after it (never resurrected by a late save). */
  const flight = useRef<Promise<void>>(Promise.resolve());

  const send = useCallback((): Promise<void> => {
    const next = flight.current.then(() => sendNow());
    flight.current = next;
    return next;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sendNow is declared below and stable by refs
  }, []);

  const sendNow = async (): Promise<void> => {
    const owner = emailRef.current;
    if (inFlight.current || !pending.current || !owner) return;
    clearTimeout(timer.current);
    const body = pending.current;
    const draftKey = keyRef.current();
    pending.current = null;
    inFlight.current = true;
    setState('saving');
    let saved = false;
    try {
      await saveDraft(draftKey, body);
      saved = true;
      retryMs.current = firstRetryMs;
      const local = readLocalDraft(owner, draftKey);
      if (local && !pending.current) writeLocalDraft(owner, { ...local, synced: true });
      void client.invalidateQueries({ queryKey: queryKeys.myDrafts });
      if (!pending.current) setState('saved');
    } catch (error) {
      pending.current ??= body;
      if (retryable(error)) {
        setState('retrying');
        if (!stopped.current) {
          timer.current = setTimeout(() => void send(), retryMs.current);
          retryMs.current = Math.min(retryMs.current * 2, MAX_RETRY_MS);
        }
      } else {
        setRefusal(apiErrorMessage(error) ?? 'The server refused the draft');
        setState('refused');
      }
    } finally {
      inFlight.current = false;
    }
    // Typed on while this save was on its way.
    if (saved && pending.current && !stopped.current) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), delayMs);
    }
  };

  /** The form changed: keep it here now, on the server after a pause. */
  const change = useCallback(
    (fields: DraftFields) => {
      const owner = emailRef.current;
      if (!owner) return;
      const draftKey = keyRef.current();
      writeLocalDraft(owner, { key: draftKey, fields, changedAt: Date.now(), synced: false });
      pending.current = fields;
      setState((s) => (s === 'retrying' ? s : 'saving'));
      if (inFlight.current) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), delayMs);
    },
    [delayMs, send],
  );

  /** Submitted or thrown away: nothing more is saved, and both copies go (after any save on its way). */
  const forget = useCallback(
    async (draftKey: string) => {
      clearTimeout(timer.current);
      pending.current = null;
      const owner = emailRef.current;
      if (owner) removeLocalDraft(owner, draftKey);
      await flight.current.catch(() => undefined);
      if (owner) removeLocalDraft(owner, draftKey);
      // After the save on its way, which would otherwise say "Saved" of a draft no longer kept.
      setState('idle');
      await discardDraft(draftKey).catch(() => undefined);
      void client.invalidateQueries({ queryKey: queryKeys.myDrafts });
    },
    [client],
  );

  useEffect(() => {
    stopped.current = false;
    const stopListening = listenForReconnectAndLeave({
      online: () => {
        if (pending.current) void send();
      },
      leave: () => {
        const body = pending.current;
        const token = localStorage.getItem(TOKEN_KEY);
        if (!body || !token || inFlight.current) return;
        sendAsPageCloses(keyRef.current(), body, token);
      },
    });
    return () => {
      stopListening();
      stopped.current = true;
      clearTimeout(timer.current);
      // Closed within the pause: the last change is still sent.
      if (pending.current) void send();
    };
  }, [send]);

  return { state, refusal, change, forget };
}

/** Calls `online` when the browser is back online, `leave` when the page is hidden or left; returns the unsubscribe. */
function listenForReconnectAndLeave({
  online,
  leave,
}: {
  online: () => void;
  leave: () => void;
}): () => void {
  const hidden = () => {
    if (document.visibilityState === 'hidden') leave();
  };
  window.addEventListener('online', online);
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', hidden);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('pagehide', leave);
    document.removeEventListener('visibilitychange', hidden);
  };
}

/** Leaving the page: what is unsaved goes with it (keepalive), the browser's copy is already kept. */
function sendAsPageCloses(key: string, body: DraftFields, token: string) {
  const request = requestOf('saveDraft', { params: { key }, body });
  void fetch(`${env.apiUrl}${request.url}`, {
    method: request.method.toUpperCase(),
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}
