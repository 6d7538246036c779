/**
 * What an approval owes, made from its event-outbox entry (docs/decisions/event-outbox.md): the
 * digest's record of it and the writer's mail (queued unrendered; the sender renders it); and what a
 * decline, a request for changes or a premium label owes: the writer's mail. Made right after the
 * moderation by every instance that sees its event, several approvals at once, and by the
 * `eventOutbox` sweep for the entries a stopped process left behind. Made idempotently (the digest
 * keeps the first approval, a mail exists once per key), then the entry is dropped: a replay after a
 * kill at any point adds nothing twice and loses nothing.
 */
import type { Logger } from 'pino';
import type { ArticleService } from '../articles/service.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { createEventOutbox, type MailFollowUp, type OutboxEntry } from '../outbox/service.js';
import type { Store } from '../store/port.js';
import type { UserService } from '../users/service.js';
import { transactionalContent, type TransactionalMail } from './messages.js';
import type { MailService } from './service.js';

/**
 * An entry whose article is not approved (or not as its moderation wrote it) after this long belongs
 * to a moderation that lost a race (or was never committed on MongoDB): dropped. Younger ones may
 * still see their write land.
 */
export const FOLLOW_UP_SETTLE_MS = 60_000;
/** Entries one sweep run expands. */
const SWEEP_BATCH = 200;

export interface FollowUpDeps {
  store: Store;
  config: Config;
  clock: Clock;
  logger: Logger;
  mail: MailService;
  articles: ArticleService;
  users: UserService;
}

export type FollowUps = ReturnType<typeof createFollowUps>;

export function createFollowUps(deps: FollowUpDeps) {
  const outbox = createEventOutbox(deps.store);
  const { articles, users } = deps;

  /** Queues `mail` for `to` under `key`, greeting them by their own name. */
  async function notify(key: string, to: string, mail: TransactionalMail): Promise<void> {
    const user = await users.findByEmail(to);
    if (!user) return;
    const name = (user.name || user.displayName || '').includes('@')
      ? ''
      : user.name || user.displayName || '';
    await deps.mail.enqueue({ key, kind: mail.kind, to }, () =>
      transactionalContent(mail, name, deps.mail.links),
    );
  }

  /** A moderation's mail, once the article holds what the moderation wrote. */
  async function expandMail(entry: MailFollowUp, settled: number): Promise<void> {
    const article = (await articles.stored(entry.articleId)) as Record<string, unknown> | null;
    const holds =
      !!article && Object.entries(entry.expect).every(([field, value]) => article[field] === value);
    if (!holds) {
      if (Date.parse(entry.at) <= settled) await outbox.done(entry);
      return;
    }
    await notify(entry.key, entry.to, entry.mail);
    await outbox.done(entry);
  }

  /** Makes the follow-ups of `all` together (their writes share durable commits). */
  async function expand(all: OutboxEntry[]): Promise<void> {
    const settled = deps.clock.now().getTime() - FOLLOW_UP_SETTLE_MS;
    const mails = all.filter((e): e is MailFollowUp => e.type === 'mail');
    const entries = all.filter((e) => e.type === 'article.approved');
    await Promise.all(mails.map((entry) => expandMail(entry, settled)));
    if (entries.length === 0) return;
    const approved = new Map(
      (await articles.approvedByIds(entries.map((e) => e.articleId))).map((a) => [a._id, a]),
    );
    await Promise.all(
      entries.map(async (entry) => {
        const article = approved.get(entry.articleId);
        if (!article) {
          if (Date.parse(entry.at) <= settled) await outbox.done(entry);
          return;
        }
        const writer = article.userInfo?.email;
        await Promise.all([
          deps.mail.repository.recordApproval(entry.articleId, entry.at),
          writer
            ? notify(`article.approved:${entry.articleId}`, writer, {
                kind: 'article.approved',
                articleId: entry.articleId,
                title: article.articleTitle ?? '',
              })
            : undefined,
        ]);
        await outbox.done(entry);
      }),
    );
  }

  return {
    notify,
    /** The follow-ups of these approved articles, if their entries are still there. */
    async expandApprovals(articleIds: string[]): Promise<void> {
      const entries = await Promise.all(articleIds.map((id) => outbox.approval(id)));
      await expand(entries.filter((e): e is OutboxEntry => e !== null));
    },
    /** The mails owed by the moderations of this article, if their entries are still there. */
    async expandMailsOf(articleId: string): Promise<void> {
      await expand(await outbox.mailsOf(articleId));
    },
    /** The sweep: every entry left (a stopped process's, or one whose expansion failed). */
    async sweep(): Promise<number> {
      const left = await outbox.recordedBy(deps.clock.now().toISOString(), SWEEP_BATCH);
      await expand(left);
      return left.length;
    },
  };
}
