/**
 * Mail preferences, mail history and the signed links of mails, as zod schemas and their types
 * (docs/decisions/email.md). No answer here ever carries another person's e-mail address.
 */
import { z } from 'zod';
import { ID_PATTERN } from './limits.js';

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** "What I follow" or every new approved article. */
export const DIGEST_SCOPES = ['following', 'everything'] as const;
export type DigestScope = (typeof DIGEST_SCOPES)[number];
/** The mails the app sends. */
export const MAIL_KINDS = [
  'article.approved',
  'article.declined',
  /** A moderator requested changes, with their note: one mail each time. */
  'article.changesRequested',
  'article.madePremium',
  'premium.started',
  'premium.ending',
  'premium.lapsed',
  /** New comments under the writer's article: at most one an article an hour (docs/decisions/comments.md). */
  'comments.new',
  'digest.confirm',
  'digest',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
/**
 * pending: waiting (or retrying after an SMTP failure); sending: handed to SMTP; sent; recorded: no
 * SMTP_URL, kept here only; failed: given up; interrupted: the sender stopped mid-send, never re-sent.
 */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'recorded', 'failed', 'interrupted'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MailPreferencesInputSchema = z
  .object({
    digest: z.enum(DIGEST_FREQUENCIES),
    scope: z.enum(DIGEST_SCOPES),
    hour: z.number().int().min(0).max(23).meta({ description: 'Hour of the day (UTC) the digest is sent.' }),
    notices: z
      .boolean()
      .meta({ description: 'Mails about the caller’s own articles and premium (approved, declined, ...).' }),
  })
  .strict();
export type MailPreferencesInput = z.output<typeof MailPreferencesInputSchema>;

export const MailPreferencesSchema = MailPreferencesInputSchema.extend({
  confirmed: z.boolean().meta({ description: 'The address confirmed the digest (double opt-in).' }),
  pendingConfirmation: z
    .boolean()
    .meta({ description: 'A digest was asked for and the confirm link mailed, not yet followed.' }),
}).meta({ description: 'The caller’s mail preferences.' });
export type MailPreferences = z.output<typeof MailPreferencesSchema>;

export const MailRecordSchema = z.object({
  _id: z.string().regex(ID_PATTERN),
  kind: z.enum(MAIL_KINDS),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const MailHistorySchema = z
  .object({ mails: z.array(MailRecordSchema) })
  .meta({ description: 'The caller’s own mails, newest first (at most 50).' });
export type MailHistory = z.output<typeof MailHistorySchema>;

/** A signed link's token (confirm, unsubscribe): base64url payload and signature. */
export const mailTokenSchema = z
  .string()
  .min(10)
  .max(2000)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'Malformed token');
export const mailTokenQuerySchema = z.object({ token: mailTokenSchema });
