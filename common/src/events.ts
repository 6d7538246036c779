/**
 * Live events (GET /events): what happened in the newsroom, as a browser needs it to refresh its
 * lists and tell a writer about their article. Payloads carry ids and what a toast shows, never an
 * email. The table below is the one list of events and their fields: the server's types, the
 * OpenAPI schema (schemas/events.ts) and the client's parser are all made from it. No zod here, so
 * the client's live-events chunk stays small.
 */

/** The fields an event may carry: ids (`…Id`) and text a toast shows. All are strings. */
export type LiveEventField =
  'articleId' | 'publisherId' | 'userId' | 'commentId' | 'title' | 'reason' | 'note' | 'name';

/** Each event type with the fields its payload carries. */
export const LIVE_EVENT_FIELDS = {
  /** New or edited article waiting for review (admins, its writer). */
  'article.submitted': ['articleId', 'title'],
  'article.approved': ['articleId', 'title'],
  'article.declined': ['articleId', 'title', 'reason'],
  /** A moderator sent the article back to its writer with a note (admins, editors, its writer). */
  'article.changesRequested': ['articleId', 'title', 'note'],
  'article.premium': ['articleId', 'title'],
  /** An approved article left the public lists (sent back to review): public, so id only. */
  'article.withdrawn': ['articleId'],
  /** Any other change to an article's fields. */
  'article.updated': ['articleId', 'title'],
  'article.deleted': ['articleId', 'title'],
  'publisher.added': ['publisherId', 'name'],
  'user.madeAdmin': ['userId'],
  /**
   * The reader's own premium started, renewed, lapsed, was taken back (a refund, a dispute) or changed
   * otherwise (`reason`): sent to that reader's tabs only (docs/decisions/subscriptions.md).
   */
  'premium.changed': ['reason'],
  /**
   * One of the creator's gift links was created, revoked or let a new reader in (`reason`): sent to
   * the creator's tabs only, so their Gift links tab counts readers without a reload.
   */
  'gift.changed': ['reason'],
  /**
   * A comment under the article was created, edited, hidden, restored, removed, pinned or unpinned (`reason`): to
   * whoever may read the article's comments (docs/decisions/comments.md); a held one to its author
   * and admins only.
   */
  'comment.changed': ['articleId', 'commentId', 'reason'],
} as const satisfies Record<string, readonly LiveEventField[]>;

export type LiveEventType = keyof typeof LIVE_EVENT_FIELDS;
export const LIVE_EVENT_TYPES = Object.keys(LIVE_EVENT_FIELDS) as LiveEventType[];

type Payload<T extends LiveEventType> = { type: T } & {
  [F in (typeof LIVE_EVENT_FIELDS)[T][number]]: string;
};
/** One event as the server publishes it (before the stream adds `own`). */
export type LiveEvent = { [T in LiveEventType]: Payload<T> }[LiveEventType];

/**
 * The stream's own messages: `ready` when it opens, `resync` when the server could not replay what
 * the client missed (it should refresh everything).
 */
export const STREAM_MESSAGE_TYPES = ['ready', 'resync'] as const;
export type StreamMessageType = (typeof STREAM_MESSAGE_TYPES)[number];

/**
 * One `data:` line of GET /events (JSON). `own` is true on the copy the event's named user gets
 * (the article's writer, the promoted user).
 */
export type LiveMessage = { type: StreamMessageType } | (LiveEvent & { own: boolean });

const isStreamType = (type: string): type is StreamMessageType =>
  (STREAM_MESSAGE_TYPES as readonly string[]).includes(type);

/**
 * Whether a parsed `data:` line is a message this code knows, with the fields its type carries.
 * False for a type it does not know (a newer server's), so a client ignores it instead of failing.
 */
export function isLiveMessage(value: unknown): value is LiveMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (typeof message.type !== 'string') return false;
  if (isStreamType(message.type)) return true;
  if (!Object.hasOwn(LIVE_EVENT_FIELDS, message.type)) return false;
  const fields: readonly LiveEventField[] = LIVE_EVENT_FIELDS[message.type as LiveEventType];
  return typeof message.own === 'boolean' && fields.every((field) => typeof message[field] === 'string');
}
