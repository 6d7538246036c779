/**
 * Live events (GET /events): what happened in the newsroom, as the browser needs it to refresh its
 * lists and tell a writer about their article. Payloads carry ids and what a toast shows, never an
 * email; who may receive each event is its Audience, which stays on the server.
 */
export type LiveEvent =
  /** New or edited article waiting for review (admins, its writer). */
  | { type: 'article.submitted'; articleId: string; title: string }
  | { type: 'article.approved'; articleId: string; title: string }
  | { type: 'article.declined'; articleId: string; title: string; reason: string }
  | { type: 'article.premium'; articleId: string; title: string }
  /** An approved article left the public lists (sent back to review): public, id only. */
  | { type: 'article.withdrawn'; articleId: string }
  /** Any other change to an article's fields. */
  | { type: 'article.updated'; articleId: string; title: string }
  | { type: 'article.deleted'; articleId: string; title: string }
  | { type: 'publisher.added'; publisherId: string; name: string }
  | { type: 'publisher.changed'; publisherId: string }
  | { type: 'user.madeAdmin'; userId: string };

export type LiveEventType = LiveEvent['type'];

/** Who may receive an event. `users` are emails (the article's writer, the promoted user). */
export interface Audience {
  public: boolean;
  admins: boolean;
  users: string[];
}

/** An event with its audience: what the bus carries. */
export interface AddressedEvent {
  event: LiveEvent;
  audience: Audience;
}

/** The holder of one stream: anonymous (email null), a signed-in user, or an admin. */
export interface Viewer {
  email: string | null;
  admin: boolean;
}

export function canSee(viewer: Viewer, audience: Audience): boolean {
  return (
    audience.public ||
    (audience.admins && viewer.admin) ||
    (viewer.email !== null && audience.users.includes(viewer.email))
  );
}

/** True when the viewer is one of the named users (the article's writer): their copy says `own`. */
export function isNamed(viewer: Viewer, audience: Audience): boolean {
  return viewer.email !== null && audience.users.includes(viewer.email);
}
