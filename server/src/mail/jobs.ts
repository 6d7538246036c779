/**
 * The mail jobs (docs/decisions/email.md), run by the sweeps (sweeps.ts) under their lease, so one
 * instance runs each at a time:
 * - `sendDue`: delivers the outbox, at most `batch` mails a run (the sending rate), retrying an SMTP
 *   failure with exponential backoff. At most once: a mail is marked `sending` durably before SMTP
 *   sees it; one found still `sending` later (its sender was killed mid-send) is marked `interrupted`
 *   and never re-sent blindly.
 * - `followUps`: the approvals' follow-ups that a stopped process (or a failed write) left in the event
 *   outbox (follow-ups.ts, docs/decisions/event-outbox.md).
 * - `schedule`: the digests whose slot has come, and the premium reminders (3 days before the end,
 *   and once it has ended).
 */
import type { Logger } from 'pino';
import { isApproved, publishedName, type Article } from '../articles/types.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Store } from '../store/port.js';
import { digestContent, transactionalContent } from './messages.js';
import type { MailPreferencesRecord, OutboxMail } from './repository.js';
import { digestPeriod, nextDigestSlot } from './schedule.js';
import { createMailTransport, type MailTransport } from './transport.js';
import type { Services } from '../services.js';

const DAY = 24 * 3_600_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 3_600_000;
/** After this many failed attempts (about a day and a half of backoff) a mail is given up. */
export const MAX_ATTEMPTS = 10;
/** No SMTP exchange takes this long (transport.ts times out far sooner): its sender is gone. */
const SENDING_STALE_MS = 10 * 60_000;
const EXCERPT_LENGTH = 200;
/** At most this many articles in one digest (the newest of its period). */
const DIGEST_SIZE_MAX = 20;

export interface MailJobOptions {
  store: Store;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** The services the mails are made from (services.ts). */
  services: Pick<Services, 'mail' | 'articles' | 'follows' | 'users' | 'followUps'>;
  transport?: MailTransport;
  /** Mails per sender run (the sending rate; default 30 a run, one run every 30 s). */
  batch?: number;
  /** When a `sending` mail counts as cut off by a stop (tests shorten it). */
  sendingStaleMs?: number;
}

export type MailJobs = ReturnType<typeof createMailJobs>;

/**
 * What becomes of a mail SMTP did not take: tried again after an exponential backoff, or given up
 * (a permanent refusal, or too many attempts).
 */
function afterFailure(
  err: unknown,
  attempts: number,
  now: Date,
): { giveUp: boolean; set: Partial<OutboxMail> } {
  const code = (err as { responseCode?: number }).responseCode ?? 0;
  // A 5xx answer refuses this mail for good (no such mailbox); anything else may pass later.
  const permanent = code >= 500 && code < 600;
  const giveUp = permanent || attempts >= MAX_ATTEMPTS;
  const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));
  return {
    giveUp,
    set: {
      status: giveUp ? 'failed' : 'pending',
      nextAttemptAt: new Date(now.getTime() + delay).toISOString(),
      lastError: String((err as Error).message ?? err).slice(0, 300),
    },
  };
}

/** An article as a digest lists it. */
function digestEntry(a: Article) {
  return {
    id: a._id,
    title: a.articleTitle ?? '',
    byline: [a.publisher, publishedName(a.userInfo)].filter(Boolean).join(' · '),
    premium: a.isPremium === 'Yes',
    // A premium article's text never goes in a mail.
    ...(a.isPremium === 'Yes' ? {} : { excerpt: (a.articleDescription ?? '').slice(0, EXCERPT_LENGTH) }),
  };
}

export function createMailJobs(deps: MailJobOptions) {
  const { clock, logger } = deps;
  const transport = deps.transport ?? createMailTransport(deps.config, logger);
  const { mail, articles, follows, users, followUps } = deps.services;
  const repo = mail.repository;

  async function sendDue(): Promise<{ sent: number; failed: number }> {
    const now = clock.now();
    const interrupted = await repo.interruptStale(
      new Date(now.getTime() - (deps.sendingStaleMs ?? SENDING_STALE_MS)).toISOString(),
    );
    if (interrupted) logger.warn({ interrupted }, 'mail: mails cut off mid-send by a stop are not re-sent');
    let sent = 0;
    let failed = 0;
    for (const due of await repo.due(now.toISOString(), deps.batch ?? 30)) {
      const claimed = await repo.claim(due._id, clock.now().toISOString());
      if (!claimed) continue;
      try {
        await transport.send({
          to: claimed.to,
          subject: claimed.subject,
          ...(await mail.rendered(claimed)),
          headers: claimed.headers,
        });
        await repo.finish(claimed._id, {
          status: transport.delivers ? 'sent' : 'recorded',
          sentAt: clock.now().toISOString(),
        });
        sent++;
      } catch (err) {
        failed++;
        const { giveUp, set } = afterFailure(err, claimed.attempts, clock.now());
        await repo.finish(claimed._id, set);
        logger.warn({ err, kind: claimed.kind, attempts: claimed.attempts, giveUp }, 'mail: SMTP failed');
      }
    }
    return { sent, failed };
  }

  /** The articles of one digest: approved in (since, until], in the reader's scope, newest first. */
  async function digestArticles(
    prefs: MailPreferencesRecord,
    since: string,
    until: string,
  ): Promise<Article[]> {
    const approvals = await repo.approvedBetween(since, until, 500);
    const keys = prefs.scope === 'following' ? await follows.followedKeys(prefs.email) : null;
    // One query for the period's articles (still approved, not deleted), then in approval order.
    const byId = new Map((await articles.approvedByIds(approvals.map((a) => a._id))).map((a) => [a._id, a]));
    const found: Article[] = [];
    for (const approval of approvals.reverse()) {
      const article = byId.get(approval._id);
      if (!article || !isApproved(article)) continue;
      if (
        keys &&
        !keys.publishers.includes(article.publisher ?? '') &&
        !keys.writers.includes(article.userInfo?.email ?? '')
      )
        continue;
      found.push(article);
      if (found.length >= DIGEST_SIZE_MAX) break;
    }
    return found;
  }

  async function sendDigest(prefs: MailPreferencesRecord): Promise<void> {
    const planned = prefs.nextDigestAt!;
    if (prefs.digest === 'off' || !prefs.confirmed) {
      await repo.updatePreferences(prefs.email, { nextDigestAt: planned }, { nextDigestAt: null });
      return;
    }
    const slot = new Date(planned);
    const key = `digest:${prefs.email}:${prefs.digest}:${digestPeriod(prefs.digest, slot)}`;
    // Already made for this period (an earlier run stopped before moving the slot on): never again.
    if (!(await repo.hasMail(key))) {
      const list = await digestArticles(prefs, prefs.digestSince ?? planned, planned);
      if (list.length) {
        const frequency = prefs.digest;
        await mail.enqueue({ key, kind: 'digest', to: prefs.email, articleIds: list.map((a) => a._id) }, () =>
          digestContent(frequency, list.map(digestEntry), mail.links),
        );
      }
    }
    // What was approved up to this slot has been considered: the next digest starts after it.
    const after = new Date(Math.max(slot.getTime(), clock.now().getTime()));
    await repo.updatePreferences(
      prefs.email,
      { nextDigestAt: planned },
      { digestSince: planned, nextDigestAt: nextDigestSlot(prefs.digest, prefs.hour, after).toISOString() },
    );
  }

  async function premiumReminders(): Promise<void> {
    const now = clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    const remind = async (kind: 'premium.ending' | 'premium.lapsed', from: number, to: number) => {
      for (const user of await users.premiumEndingBetween(iso(from), iso(to), 500)) {
        const end = user.premiumEndAt!;
        const record = await users.findByEmail(user.email);
        const name = publishedName({ name: record?.name || record?.displayName });
        await mail.enqueue({ key: `${kind}:${user.email}:${end}`, kind, to: user.email }, () =>
          transactionalContent({ kind, premiumEndAt: end }, name, mail.links),
        );
      }
    };
    await remind('premium.ending', now, now + 3 * DAY);
    // Ended within the last day (older ones were mailed then, or predate this feature).
    await remind('premium.lapsed', now - DAY, now);
  }

  async function schedule(): Promise<void> {
    for (const prefs of await repo.dueDigests(clock.now().toISOString(), 200)) await sendDigest(prefs);
    await premiumReminders();
  }

  return { sendDue, schedule, followUps: followUps.sweep, close: () => transport.close() };
}
