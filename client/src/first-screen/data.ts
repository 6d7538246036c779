/**
 * The article data a server-rendered first screen was drawn from (docs/decisions/server-rendered-first-screen.md).
 * The site server embeds it in the page as JSON; the app puts it into its query cache before its first
 * render, so that render shows the same content instead of a skeleton, and asks the API for it only
 * when it goes stale.
 */
import type { QueryClient } from '@tanstack/react-query';
import { resumeLiveEventsAfter } from '@/features/live/resume-point';
import { NO_FILTER, queryKeys } from '@/lib/api/keys';
import type { FirstScreenData } from '@newsroom/common';

/** The id of the <script type="application/json"> element holding it. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

export type { FirstScreenData };

/**
 * Puts the embedded answers into `queryClient` under the keys the screens read them from, and has the
 * live stream start where they were read.
 */
export function seedFirstScreen(queryClient: QueryClient, data: FirstScreenData): void {
  if (typeof data.eventId === 'string' && data.eventId) resumeLiveEventsAfter(data.eventId);
  const at = { updatedAt: typeof data.fetchedAt === 'number' ? data.fetchedAt : undefined };
  if (Array.isArray(data.trending)) queryClient.setQueryData(queryKeys.trending, data.trending, at);
  if (Array.isArray(data.approved)) {
    queryClient.setQueryData(
      queryKeys.approvedList(NO_FILTER),
      { pages: [data.approved], pageParams: [1] },
      at,
    );
  }
  if (data.teaser && typeof data.teaser._id === 'string')
    queryClient.setQueryData(queryKeys.publicArticle(data.teaser._id), data.teaser);
}

/**
 * The site server's lists follow public changes, but trending order may be behind by the last minutes'
 * views, and a change may come after the site's read: once the app has taken over it asks the API
 * again in the background (at once for a list on show, else when a screen shows it), so what differs
 * appears or goes without a skeleton in between. Not when the page names the event position it was
 * read at and the read is younger than the client's staleTime (a clock that disagrees with the
 * server's by more counts as older): every change after that position reaches the page through the
 * live stream, which resumes there and refreshes what it changes, and view counts may lag that long;
 * asking again would cost a phone a request and a re-render of the list while the page starts. A page
 * without a position (the site had not heard from the API yet) may have missed any change: asked again.
 */
export function revalidateFirstScreen(
  queryClient: QueryClient,
  data: FirstScreenData,
  now: number = Date.now(),
): void {
  const staleTime = queryClient.getDefaultOptions().queries?.staleTime;
  const staleMs = typeof staleTime === 'number' ? staleTime : 0;
  const fresh = typeof data.fetchedAt === 'number' && Math.abs(now - data.fetchedAt) < staleMs;
  if (fresh && typeof data.eventId === 'string' && data.eventId) return;
  const lists = [
    Array.isArray(data.trending) && queryKeys.trending,
    Array.isArray(data.approved) && queryKeys.approvedList(NO_FILTER),
  ];
  for (const queryKey of lists)
    if (queryKey) void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'active' });
}

/**
 * The page's embedded data; null when there is none (then #root holds no first screen). Its element
 * follows #root; the app removes it once it has taken over the page (main.tsx): its absence tells so.
 */
export function readFirstScreenData(doc: Document = document): FirstScreenData | null {
  const element = doc.getElementById(FIRST_SCREEN_DATA_ID);
  if (!element) return null;
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    return data && typeof data === 'object' ? (data as FirstScreenData) : null;
  } catch {
    return null;
  }
}
