/** Mail preferences, history and the signed mail links (how an operation is declared: define.ts). */
import {
  MailHistorySchema,
  MailPreferencesInputSchema,
  MailPreferencesSchema,
  mailTokenQuerySchema,
} from '../index.js';
import { defineOperations, type DocResponse } from './define.js';
import { errorResponse } from './responses.js';

const HTML = { 'text/html': { schema: { type: 'string' } } };
/** A link's page; a link that is not valid answers 400: a page for a browser, else the JSON error. */
const htmlPage = (description: string): Record<number, DocResponse> => ({
  200: { description, content: HTML },
  400: {
    ...errorResponse(
      400,
      'The link is not valid (cut short, forged or too old): a page saying so when the caller asks for HTML (a browser), else the JSON error. Nothing was changed',
    ),
    content: HTML,
  },
});

export const mailOperations = defineOperations('Mail', {
  myMailPreferences: {
    summary: 'The caller’s mail preferences (digest, its scope and hour, notices)',
    security: 'session',
    access: 'signed-in',
    ok: MailPreferencesSchema,
  },
  saveMailPreferences: {
    summary: 'Sets the caller’s mail preferences',
    description:
      'Turning the digest on for an address that has not confirmed it mails a confirm link (double opt-in, at most one per 10 minutes); no digest goes out before it is followed.',
    security: 'session',
    access: 'signed-in',
    body: MailPreferencesInputSchema,
    ok: MailPreferencesSchema,
    limited: true,
  },
  myMails: {
    summary: 'The caller’s own mails, newest first: kind, subject, status, when queued and sent',
    security: 'session',
    access: 'signed-in',
    ok: MailHistorySchema,
  },
  confirmDigestPage: {
    summary: 'The confirm link of the digest: a page with one button (POSTs the same URL)',
    security: 'none',
    access: 'anyone',
    query: mailTokenQuerySchema,
    invalid: { query: 'This link is not valid' },
    responses: htmlPage('A page asking to confirm'),
    limited: true,
  },
  confirmDigest: {
    summary: 'Confirms the digest for the address the signed token names (no session)',
    security: 'none',
    access: 'anyone',
    query: mailTokenQuerySchema,
    invalid: { query: 'This link is not valid' },
    responses: htmlPage('The digest is confirmed'),
    limited: true,
  },
  unsubscribePage: {
    summary: 'The unsubscribe link of a mail: a page with one button (POSTs the same URL)',
    security: 'none',
    access: 'anyone',
    query: mailTokenQuerySchema,
    invalid: { query: 'This link is not valid' },
    responses: htmlPage('A page asking to unsubscribe'),
    limited: true,
  },
  unsubscribe: {
    summary: 'One-click unsubscribe (RFC 8058) from the list the signed token names (no session)',
    description:
      'Mail clients POST `List-Unsubscribe=One-Click` here (the URL of the mail’s `List-Unsubscribe` header). Idempotent.',
    security: 'none',
    access: 'anyone',
    query: mailTokenQuerySchema,
    invalid: { query: 'This link is not valid' },
    responses: htmlPage('Unsubscribed'),
    limited: true,
  },
});
