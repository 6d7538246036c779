/**
 * Who receives which live event (GET /events). The events and their payloads are declared in
 * @newsroom/common, which the client reads them with; who may receive each one is its Audience,
 * which stays on the server.
 */
import type { LiveEvent } from '@newsroom/common';

/** Who may receive an event. `users` are emails (the article's writer, the promoted user). */
export interface Audience {
  public: boolean;
  admins: boolean;
  /** Editors too: an article's moderation events (docs/roles.md). */
  editors?: boolean;
  users: string[];
  /** Premium readers too (a premium article's comments). */
  premium?: boolean;
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
  /** An editor (moderates articles). */
  editor?: boolean;
  /** Premium when the stream opened (a stream lasts at most its session). */
  premium?: boolean;
}

export function canSee(viewer: Viewer, audience: Audience): boolean {
  return (
    audience.public ||
    (audience.admins && viewer.admin) ||
    (!!audience.editors && !!viewer.editor) ||
    (!!audience.premium && !!viewer.premium) ||
    (viewer.email !== null && audience.users.includes(viewer.email))
  );
}

/** True when the viewer is one of the named users (the article's writer): their copy says `own`. */
export function isNamed(viewer: Viewer, audience: Audience): boolean {
  return viewer.email !== null && audience.users.includes(viewer.email);
}
