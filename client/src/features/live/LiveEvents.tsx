import { useIdle } from '@/lib/use-idle';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { onSessionTokenChange, TOKEN_KEY } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { env } from '@/lib/env';
import { connectLiveEvents, type EventSourceFactory } from './connection';
import { queriesToRefresh } from './invalidation';
import { toastFor, type LiveMessage } from './messages';
import { takeLiveResumePoint } from './resume-point';

/** Refreshes the queries a live message makes stale and shows the toast it means, if any. */
export function applyLiveMessage(queryClient: QueryClient, message: LiveMessage): void {
  const keys = queriesToRefresh(message);
  if (keys === 'all') void queryClient.invalidateQueries();
  else for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });

  const note = toastFor(message);
  if (!note) return;
  // One toast per event even if two tabs' worth of replays deliver it twice.
  const id = `${message.type}:${'articleId' in message ? message.articleId : ''}`;
  const options = { id, duration: note.durationMs };
  if (note.tone === 'success') toast.success(note.text, options);
  else if (note.tone === 'error') toast.error(note.text, options);
  else toast.plain(note.text, options);
}

/**
 * This tab's one live stream (GET /events), for the current session: anonymous when signed out,
 * with our JWT once the session has one. It waits while sign-in is settling, reconnects when the
 * JWT changes (sign-in, renewal, sign-out) and resumes from the last event it handled, or, at first,
 * from the position the page's first screen was read at.
 */
export function LiveEvents({ createEventSource }: { createEventSource?: EventSourceFactory }): null {
  const { user, loading, refreshPremium } = useAuth();
  // The latest session's re-check, for the stream's callback (the stream is not reopened for it).
  const refreshPremiumRef = useRef(refreshPremium);
  useEffect(() => {
    refreshPremiumRef.current = refreshPremium;
  }, [refreshPremium]);
  const queryClient = useQueryClient();
  const [tokenVersion, setTokenVersion] = useState(0);
  const lastEventId = useRef<string | null>(null);
  const session = loading ? null : (user?.email ?? '');
  // Opened once the page is idle: the stream is no part of what a page first shows.
  const idle = useIdle();

  useEffect(
    () =>
      onSessionTokenChange(() => {
        setTokenVersion((version) => version + 1);
      }),
    [],
  );

  useEffect(() => {
    // Still settling; or no EventSource at all (very old browsers, jsdom): the app works without.
    if (!idle || session === null || (!createEventSource && typeof EventSource === 'undefined')) return;
    // The first connection resumes where the page's first screen was read (resume-point.ts).
    lastEventId.current ??= takeLiveResumePoint();
    const connection = connectLiveEvents({
      url: `${env.apiUrl}/events`,
      token: () => localStorage.getItem(TOKEN_KEY),
      lastEventId: lastEventId.current,
      createEventSource,
      onMessage: (message, id) => {
        if (id) lastEventId.current = id;
        applyLiveMessage(queryClient, message);
        // Guards and menus read the session's premium flag: ask the server again.
        if (message.type === 'premium.changed' && message.own) refreshPremiumRef.current?.();
      },
    });
    return () => connection.close();
  }, [idle, session, tokenVersion, queryClient, createEventSource]);

  return null;
}
