/**
 * Mail as the rest of the app sees it (docs/decisions/email.md): mails are put in the outbox here
 * (their content, unsubscribe link and RFC 8058 headers; rendered when sent) and sent by the sender job
 * (jobs.ts), never in a request's own path. Also the reader's preferences, the double opt-in, the
 * one-click unsubscribe and the mail history.
 */
import { randomBytes } from 'node:crypto';
import type { MailHistory, MailKind, MailPreferences, MailPreferencesInput } from '@newsroom/common';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { Invalid } from '../errors.js';
import type { Store } from '../store/port.js';
import { confirmContent, LIST_OF, type MailLinks } from './messages.js';
import {
  createMailRepository,
  outboxId,
  preferencesId,
  type MailPreferencesRecord,
  type OutboxMail,
} from './repository.js';
import { nextDigestSlot } from './schedule.js';
import { renderMail, type MailContent } from './templates.js';
import { mailTokenKey, signMailToken, verifyMailToken, type MailList } from './tokens.js';

/** A confirm link is good for a week; a new one may be mailed every 10 minutes. */
const CONFIRM_TTL_MS = 7 * 24 * 3_600_000;
const CONFIRM_RESEND_MS = 10 * 60_000;
const HISTORY_SIZE = 50;
/** What one digest covers: the first one also lists what was approved in the period before confirming. */
const PERIOD_MS = { daily: 24 * 3_600_000, weekly: 7 * 24 * 3_600_000 } as const;

const DEFAULTS: MailPreferencesInput = { digest: 'off', scope: 'following', hour: 7, notices: true };

export type MailService = ReturnType<typeof createMailService>;

interface MailServiceDeps {
  store: Store;
  config: Config;
  clock: Clock;
}

/** What the mail service's parts share. */
interface MailParts {
  deps: MailServiceDeps;
  repo: ReturnType<typeof createMailRepository>;
  /** Signs and checks the links in mails (confirm, unsubscribe). */
  key: Buffer;
  links: MailLinks;
}

/** The preferences as the reader sees them: the defaults where nothing was saved. */
function preferencesAnswer(r: MailPreferencesRecord | null): MailPreferences {
  return {
    digest: r?.digest ?? DEFAULTS.digest,
    scope: r?.scope ?? DEFAULTS.scope,
    hour: r?.hour ?? DEFAULTS.hour,
    notices: r?.notices ?? DEFAULTS.notices,
    confirmed: r?.confirmed ?? false,
    pendingConfirmation: !!r && r.digest !== 'off' && !r.confirmed && r.confirmNonce !== null,
  };
}

/** The slot of a confirmed digest's next mail, after `now`; null when off or unconfirmed. */
function nextSlotAfter(
  r: Pick<MailPreferencesRecord, 'digest' | 'hour' | 'confirmed'>,
  now: Date,
): string | null {
  return r.digest === 'off' || !r.confirmed ? null : nextDigestSlot(r.digest, r.hour, now).toISOString();
}

export function createMailService(deps: MailServiceDeps) {
  const parts: MailParts = {
    deps,
    repo: createMailRepository(deps.store),
    key: mailTokenKey(deps.config.jwtSecret),
    links: {
      site: deps.config.clientOrigins[0] ?? deps.config.publicUrl,
      api: deps.config.publicUrl,
    },
  };
  const { repo } = parts;
  const outbox = mailOutbox(parts);
  return {
    links: parts.links,
    repository: repo,
    ...outbox,
    ...digestPreferences(parts, outbox.enqueue),
    ...mailLinkActions(parts),

    /** GET /me/mails: the caller's own mails, newest first. */
    async history(email: string): Promise<MailHistory> {
      const mails = await repo.history(email, HISTORY_SIZE);
      return {
        mails: mails.map((m) => ({
          _id: m._id,
          kind: m.kind,
          subject: m.subject,
          status: m.status,
          createdAt: m.createdAt,
          sentAt: m.sentAt ?? null,
        })),
      };
    },
  };
}

/** The outbox: mails queued with their unsubscribe link and headers, rendered when sent. */
function mailOutbox({ deps, repo, key, links }: MailParts) {
  const nowIso = () => deps.clock.now().toISOString();
  const unsubscribeUrl = (email: string, list: MailList) =>
    `${links.api}/mail/unsubscribe?token=${signMailToken(key, { p: 'unsubscribe', e: email, l: list })}`;
  const mailbox = /<([^>]+)>/.exec(deps.config.mailFrom)?.[1] ?? deps.config.mailFrom;

  return {
    /**
     * Puts one mail in the outbox under `key` (what it is about); nothing when that key is there
     * already (another instance, an earlier run) or the recipient stopped this list.
     */
    async enqueue(
      mail: { key: string; kind: MailKind; to: string; articleIds?: string[] },
      content: () => MailContent | Promise<MailContent>,
    ): Promise<boolean> {
      if (await repo.hasMail(mail.key)) return false;
      const list = LIST_OF[mail.kind];
      const prefs = await repo.findPreferences(mail.to);
      if (list === 'notices' && prefs && !prefs.notices) return false;
      const unsubscribe = unsubscribeUrl(mail.to, list);
      // Rendered by the sender (jobs.ts): queueing costs no react-email render.
      const made = { ...(await content()), unsubscribeUrl: unsubscribe };
      const now = nowIso();
      return repo.insertMail({
        _id: outboxId(mail.key),
        key: mail.key,
        kind: mail.kind,
        to: mail.to,
        subject: made.subject,
        content: made,
        // RFC 8058: a mail client's one-click unsubscribe POSTs to the https link.
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>, <mailto:${mailbox}?subject=unsubscribe>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
        sentAt: null,
        ...(mail.articleIds ? { articleIds: mail.articleIds } : {}),
      });
    },

    /** The HTML and text of a queued mail, rendered now (older records carry theirs). */
    async rendered(mail: OutboxMail): Promise<{ html: string; text: string }> {
      if (mail.content) return renderMail(mail.content);
      return { html: mail.html ?? '', text: mail.text ?? '' };
    },
  };
}

/** The reader's digest and notice preferences; turning the digest on asks for a confirmation. */
function digestPreferences(
  { deps, repo, key, links }: MailParts,
  enqueue: ReturnType<typeof mailOutbox>['enqueue'],
) {
  return {
    /** GET /me/mail-preferences. */
    async preferences(email: string): Promise<MailPreferences> {
      return preferencesAnswer(await repo.findPreferences(email));
    },

    /**
     * PUT /me/mail-preferences. Turning the digest on for an unconfirmed address mails a confirm
     * link (double opt-in; at most one per 10 minutes); nothing is sent to it before that.
     */
    async savePreferences(
      email: string,
      name: string,
      input: MailPreferencesInput,
    ): Promise<MailPreferences> {
      const before = await repo.findPreferences(email);
      const now = deps.clock.now();
      const record: MailPreferencesRecord = {
        _id: preferencesId(email),
        email,
        ...input,
        confirmed: before?.confirmed ?? false,
        confirmNonce: before?.confirmNonce ?? null,
        confirmRequestedAt: before?.confirmRequestedAt ?? null,
        nextDigestAt: null,
        digestSince: before?.digestSince ?? null,
        updatedAt: now.toISOString(),
      };
      const ask =
        input.digest !== 'off' &&
        !record.confirmed &&
        (!record.confirmRequestedAt ||
          now.getTime() - Date.parse(record.confirmRequestedAt) >= CONFIRM_RESEND_MS);
      if (ask) {
        record.confirmNonce = randomBytes(12).toString('hex');
        record.confirmRequestedAt = now.toISOString();
      }
      // Same frequency and hour: the slot already planned stays (changing a scope sends nothing twice).
      const sameSlot = before?.nextDigestAt && before.digest === input.digest && before.hour === input.hour;
      record.nextDigestAt =
        sameSlot && record.confirmed ? before.nextDigestAt : nextSlotAfter(record, deps.clock.now());
      await repo.savePreferences(record);
      if (ask) {
        const token = signMailToken(key, {
          p: 'confirm',
          e: email,
          n: record.confirmNonce!,
          x: now.getTime() + CONFIRM_TTL_MS,
        });
        await enqueue(
          { key: `digest.confirm:${email}:${record.confirmNonce}`, kind: 'digest.confirm', to: email },
          () => confirmContent(name, `${links.api}/mail/confirm?token=${token}`),
        );
      }
      return preferencesAnswer(record);
    },

    /** The slot of a confirmed digest's next mail, after now; null when off or unconfirmed. */
    nextSlot: (r: Pick<MailPreferencesRecord, 'digest' | 'hour' | 'confirmed'>) =>
      nextSlotAfter(r, deps.clock.now()),
  };
}

/** What the signed links in mails do: confirm the digest, unsubscribe from a list. */
function mailLinkActions({ deps, repo, key }: MailParts) {
  const nowIso = () => deps.clock.now().toISOString();

  return {
    /** GET of a mail's link: whether its signature holds for its purpose (it reads and changes nothing). */
    checkLink(token: string, purpose: 'confirm' | 'unsubscribe'): void {
      if (verifyMailToken(key, token, deps.clock.now())?.p !== purpose)
        throw new Invalid('This link is not valid');
    },

    /** POST /mail/confirm: the address confirmed the digest (no session: the signed link says who). */
    async confirm(token: string): Promise<MailPreferences> {
      const payload = verifyMailToken(key, token, deps.clock.now());
      if (payload?.p !== 'confirm') throw new Invalid('This link is not valid (or has expired)');
      const prefs = await repo.findPreferences(payload.e);
      if (!prefs || prefs.confirmNonce !== payload.n)
        throw new Invalid('This link is not valid (or has expired)');
      if (!prefs.confirmed) {
        const at = deps.clock.now();
        const now = at.toISOString();
        const confirmed = { ...prefs, confirmed: true };
        const first = prefs.digest === 'off' ? null : prefs.digest;
        // The first digest also lists the period before confirming (never empty on a news site), and
        // comes at once when the reader confirms within their own hour (their hour, on a Monday for a
        // weekly one): they see it works. Otherwise it comes at their next slot.
        const inTheirHour =
          first !== null && at.getUTCHours() === prefs.hour && (first === 'daily' || at.getUTCDay() === 1);
        await repo.updatePreferences(
          payload.e,
          { confirmNonce: payload.n },
          {
            confirmed: true,
            digestSince:
              prefs.digestSince ?? (first ? new Date(at.getTime() - PERIOD_MS[first]).toISOString() : now),
            nextDigestAt: inTheirHour ? now : nextSlotAfter(confirmed, deps.clock.now()),
            updatedAt: now,
          },
        );
      }
      return preferencesAnswer(await repo.findPreferences(payload.e));
    },

    /** POST /mail/unsubscribe: stops the list the link was made for (digest or notices); idempotent. */
    async unsubscribe(token: string): Promise<{ email: string; list: MailList }> {
      const payload = verifyMailToken(key, token, deps.clock.now());
      if (payload?.p !== 'unsubscribe') throw new Invalid('This link is not valid');
      const prefs = await repo.findPreferences(payload.e);
      const record: MailPreferencesRecord = {
        _id: preferencesId(payload.e),
        email: payload.e,
        ...DEFAULTS,
        confirmed: false,
        confirmNonce: null,
        confirmRequestedAt: null,
        nextDigestAt: null,
        digestSince: null,
        ...prefs,
        updatedAt: nowIso(),
      };
      if (payload.l === 'digest')
        Object.assign(record, { digest: 'off', nextDigestAt: null, confirmNonce: null });
      else record.notices = false;
      await repo.savePreferences(record);
      return { email: payload.e, list: payload.l };
    },
  };
}
