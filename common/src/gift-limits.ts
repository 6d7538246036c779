/**
 * The gift links' limits (docs/decisions/gift-links-and-meter.md), without zod: the article page
 * imports them (`@newsroom/common/gift-limits`) and stays light.
 */

/** Readers one gift link lets in. */
export const GIFT_LINK_READERS = 10;
/** Gift links one person may create per calendar month (UTC), revoked ones included. */
export const GIFT_LINKS_PER_MONTH = 10;
/** How long a gift link reads in full, from its first open. */
export const GIFT_LINK_DAYS = 7;
/** How long a gift link waits for its first open, from its creation: then it has expired unread. */
export const GIFT_LINK_UNOPENED_DAYS = 30;
/** A gift link's token and a gifted reader's key: 32 random bytes, base64url. */
export const GIFT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The query parameter of an article page's URL that carries a gift token. */
export const GIFT_QUERY_PARAM = 'gift';
