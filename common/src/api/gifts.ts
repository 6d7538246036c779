/** Gift links' operations (how one is declared: define.ts; docs/decisions/gift-links-and-meter.md). */
import {
  createGiftLinkBodySchema,
  CreatedGiftLinkSchema,
  GiftLinkSchema,
  GiftReadSchema,
  MyGiftLinksSchema,
  openGiftLinkBodySchema,
} from '../index.js';
import { defineOperations } from './define.js';
import { byId } from './params.js';

export const giftOperations = defineOperations('Gift links', {
  createGiftLink: {
    summary: 'Give a link that reads one premium article in full',
    description:
      'Premium readers, admins and the writer of the article. Up to 10 links per person per calendar month (UTC), revoked ones included (then 409); the article must be approved (else 404) and premium (else 409). A caller who is none of those gets 402.',
    security: 'session',
    access: 'signed-in',
    body: createGiftLinkBodySchema,
    responses: { 201: { description: 'Created', json: CreatedGiftLinkSchema } },
    errors: [402, 404, 409],
    limited: true,
  },
  myGiftLinks: {
    summary: "The caller's gift links, newest first, and this month's allowance",
    security: 'session',
    access: 'signed-in',
    ok: MyGiftLinksSchema,
  },
  revokeGiftLink: {
    summary: 'Revoke one of the caller’s gift links (idempotent); another’s is 404',
    security: 'session',
    access: 'signed-in',
    ...byId,
    ok: GiftLinkSchema,
    errors: [404],
  },
  openGiftLink: {
    summary: 'Read a gifted article in full',
    description:
      'Anyone with the token, signed in or not: the link reads for 7 days from its first open, for up to 10 readers (an account, or a signed-out browser by the `readerKey` its first open answered). Revoked, expired or full links, and crawlers, get 402 with the teaser; an unknown token (or another article’s) 404. At most 60 opens a minute per IP.',
    security: 'optionalSession',
    access: 'anyone',
    body: openGiftLinkBodySchema,
    ok: GiftReadSchema,
    errors: [402, 404],
    limited: true,
  },
});
