/**
 * Where this tab's live stream starts. A page that came with a server-rendered first screen names the
 * API's live-event id its data was read at (first-screen/data.ts); the stream resumes after it, so a
 * change the site's read just missed (an article approved a moment before the page was served) still
 * arrives and refreshes the lists it changes (docs/decisions/first-screen-event-position.md).
 */
let resumePoint: string | null = null;

/** The page's data was read at `eventId`: the stream, when it opens, replays what came after. */
export function resumeLiveEventsAfter(eventId: string): void {
  resumePoint = eventId;
}

/** The position the page set, once: the stream keeps its own from then on. */
export function takeLiveResumePoint(): string | null {
  const point = resumePoint;
  resumePoint = null;
  return point;
}
