/**
 * Every length limit and pattern an input is held to. The server refuses what breaks them (zod
 * schemas in this package) and the client's forms say so before sending.
 */

/** Article title, in characters (after trimming). */
export const TITLE_MAX = 150;
/** Article body, in characters (after trimming). */
export const DESCRIPTION_MAX = 20_000;
/** Why an admin declined an article. */
export const DECLINING_REASON_MAX = 500;
/** A moderator's note when they request changes (what to change may take a few sentences more). */
export const REVIEW_NOTE_MAX = 2000;
/** Revisions kept per article (docs/decisions/revisions.md): the oldest beyond these are dropped. */
export const REVISIONS_KEPT = 50;
/** A publisher's name (also the article's publisher field). */
export const PUBLISHER_NAME_MAX = 100;
/** A person's display name. */
export const NAME_MAX = 100;
/** The longest address RFC 5321 lets a mailbox have. */
export const EMAIL_MAX = 254;
/** Image and logo links. */
export const URL_MAX = 2048;
/** A profile's postal address. */
export const ADDRESS_MAX = 300;
/** The search box of the public article list (it searches titles). */
export const SEARCH_MAX = TITLE_MAX;

/** A profile's phone: digits with an optional leading '+', 4 to 20 digits. */
export const PHONE_PATTERN = /^\+?\d{4,20}$/;
/** A profile's birth date as the date input gives it. */
export const BIRTH_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Ids the app makes: 24 lower-case hex digits. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;
/**
 * A writer's public id (their page, follows, article links): 16 random bytes in base64url, which say
 * nothing of when or in what order accounts were made (docs/decisions/writer-public-ids.md).
 */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** Stripe PaymentIntent ids (the id becomes part of an SDK request path). */
export const PAYMENT_INTENT_ID_PATTERN = /^pi_[A-Za-z0-9_]{1,200}$/;

/** The longest view history a chart may ask for (older counters are purged). */
export const VIEW_HISTORY_MAX_DAYS = 90;
/** What a chart shows when it does not say. */
export const VIEW_HISTORY_DEFAULT_DAYS = 30;

/** The page sizes a list offers; any other `limit` is refused. */
export const PAGE_SIZES = [3, 5, 10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
/** Tables (dashboards) start with this many rows a page. */
export const DEFAULT_PAGE_SIZE = 5;
/** Public article lists start with this many cards a page. */
export const DEFAULT_LIST_PAGE_SIZE = 20;
/**
 * The reader's pages of approved articles and premium articles hold this many cards (one of
 * PAGE_SIZES, as every `limit`): the site renders the first page in the HTML, and twenty cards made
 * laying it out and hydrating it long tasks on a phone.
 */
export const READER_PAGE_SIZE = 10;
