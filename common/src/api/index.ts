/**
 * Every operation of the API, in the order the server mounts them (the OpenAPI document lists them so).
 * Each is declared once, in its tag's module (how: define.ts); the server serves them, the document
 * describes them and the client calls them from those declarations.
 */
import type { AnyOperation } from './define.js';
import { authOperations, userOperations } from './accounts.js';
import {
  articleReadOperations,
  historyOperations,
  moderationOperations,
  writerOperations,
} from './articles.js';
import { billingOperations } from './billing.js';
import { commentOperations } from './comments.js';
import { draftOperations } from './drafts.js';
import { giftOperations } from './gifts.js';
import { mailOperations } from './mail.js';
import {
  liveOperations,
  metaOperations,
  paymentOperations,
  publisherOperations,
  statsOperations,
  uploadOperations,
} from './platform.js';
import { followOperations, readingOperations } from './reading.js';

export const operations: AnyOperation[] = [
  metaOperations,
  liveOperations,
  authOperations,
  userOperations,
  statsOperations,
  paymentOperations,
  billingOperations,
  publisherOperations,
  followOperations,
  draftOperations,
  mailOperations,
  giftOperations,
  commentOperations,
  readingOperations,
  articleReadOperations,
  writerOperations,
  historyOperations,
  moderationOperations,
  uploadOperations,
].flatMap((group) => Object.values(group) as AnyOperation[]);

/** Every operation's declaration, by name: what a typed caller reads (types only: no schema is bundled). */
export type Operations = typeof metaOperations &
  typeof liveOperations &
  typeof authOperations &
  typeof userOperations &
  typeof statsOperations &
  typeof paymentOperations &
  typeof billingOperations &
  typeof publisherOperations &
  typeof followOperations &
  typeof draftOperations &
  typeof mailOperations &
  typeof giftOperations &
  typeof commentOperations &
  typeof readingOperations &
  typeof articleReadOperations &
  typeof writerOperations &
  typeof historyOperations &
  typeof moderationOperations &
  typeof uploadOperations;

export * from './define.js';
export * from './routes.js';
