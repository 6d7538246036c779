/**
 * Moderating articles (docs/roles.md, the transitions table): approve, decline, request changes, make
 * premium, and the moderators' queue (service.ts composes it).
 */
import { SCHEDULE_MAX_DAYS } from '@newsroom/common';
import { Conflict, Invalid } from '../errors.js';
import { articleFacts, type ArticleFacts } from '../events/domain.js';
import type { TransactionalMail } from '../mail/messages.js';
import { createEventOutbox } from '../outbox/service.js';
import { createModerationQueue } from './moderation-queue.js';
import type { ArticleBase } from './service-base.js';
import { isApproved, type Article } from './types.js';

/** Moderation decides on Pending articles only (docs/roles.md, the transitions table). */
function assertPending(article: Article): void {
  if (article.status === 'Pending') return;
  throw new Conflict(
    article.status === 'Changes requested'
      ? 'Changes were requested: the writer edits the article first'
      : `The article is already ${isApproved(article) ? 'Approved' : article.status}`,
  );
}

type EventOutbox = ReturnType<typeof createEventOutbox>;

export function articleModeration(base: ArticleBase) {
  const queue = createModerationQueue(base.repo);
  const outbox = createEventOutbox(base.deps.store);
  return {
    /** GET /all-articles/counts and GET /all-articles/data (docs/decisions/moderation-order.md). */
    moderationCounts: queue.counts,
    adminPage: queue.page,
    ...publishing(base, outbox),
    ...sendingBack(base, outbox),
  };
}

/** Pending (or Scheduled) → Approved: now, at a chosen time, or when that time comes. */
function publishing({ repo, load, nowIso, deps }: ArticleBase, outbox: EventOutbox) {
  const { events } = deps;

  /**
   * An approval: the article updated while it still matches `expect`, and its follow-ups' outbox
   * entry (the digest's record, the writer's mail) written together — one durable commit on the
   * embedded engine; the answer waits for no follow-up (docs/decisions/event-outbox.md). An entry left
   * by a lost race is dropped unused. Null when the article no longer matched.
   */
  const publish = async (
    id: string,
    expect: Record<string, unknown>,
    scheduled: boolean,
  ): Promise<Article | null> => {
    const [updated] = await Promise.all([
      repo.updateIf(id, expect, {
        status: 'Approved',
        decliningReason: null,
        // The time it was scheduled for is spent (an article never scheduled gets no such field).
        ...(scheduled ? { publishAt: null } : {}),
      }),
      outbox.recordApproval(id, nowIso()),
    ]);
    if (updated) await events.publish({ type: 'article.approved', article: articleFacts(updated) });
    return updated;
  };

  return {
    /** PATCH /update/status/{id}: Pending (or Scheduled: published now) → Approved. */
    async approve(id: string): Promise<Article> {
      const article = await load(id);
      if (article.status !== 'Scheduled') assertPending(article);
      const updated = await publish(
        id,
        { status: { $in: ['Pending', 'Scheduled'] } },
        article.status === 'Scheduled',
      );
      if (!updated) throw new Conflict('The article was moderated meanwhile');
      return updated;
    },

    /**
     * PATCH /article/schedule/{id}: Pending → Scheduled, to be published at `publishAt` (a future
     * time within SCHEDULE_MAX_DAYS); until then in no public surface. A scheduled one may be moved.
     */
    async schedule(id: string, publishAt: string): Promise<Article> {
      const at = new Date(publishAt);
      const now = deps.clock.now().getTime();
      if (at.getTime() <= now || at.getTime() > now + SCHEDULE_MAX_DAYS * 86_400_000) {
        throw new Invalid(`Choose a time in the next ${SCHEDULE_MAX_DAYS} days`, [
          { path: 'publishAt', message: `Choose a time in the next ${SCHEDULE_MAX_DAYS} days` },
        ]);
      }
      const article = await load(id);
      if (article.status !== 'Scheduled') assertPending(article);
      const when = at.toISOString();
      const updated = await repo.updateIf(
        id,
        { status: { $in: ['Pending', 'Scheduled'] } },
        { status: 'Scheduled', publishAt: when, decliningReason: null },
      );
      if (!updated) throw new Conflict('The article was moderated meanwhile');
      await events.publish({ type: 'article.scheduled', article: articleFacts(updated), publishAt: when });
      return updated;
    },

    /**
     * The scheduler's sweep (sweeps.ts, one instance at a time under its lease): every Scheduled
     * article whose time has come is published as an approval — the same conditional update and
     * outbox entry in one commit, so a process killed at any point publishes it exactly once: either
     * the update landed (the article is Approved and the outbox sweep makes its follow-ups) or it did
     * not (the next run publishes it). Answers how many this run published.
     */
    async publishDue(): Promise<number> {
      const now = nowIso();
      let published = 0;
      for (const due of await repo.dueScheduled(now, 100)) {
        if (await publish(due._id, { status: 'Scheduled', publishAt: { $lte: now } }, true)) published++;
      }
      return published;
    },
  };
}

/**
 * Pending → declined, changes requested or made premium, with the writer's mail about it (what the
 * moderator said to them).
 */
function sendingBack({ repo, load, nowIso, deps }: ArticleBase, outbox: EventOutbox) {
  const { events } = deps;

  /**
   * A moderation's update and, in the same commit, the outbox entry of the writer's mail about it
   * (docs/decisions/event-outbox.md): `mailOf` says which mail; it goes once the article holds
   * `expect` (an entry beside an update that lost a race makes none).
   */
  const moderate = async (
    article: Article,
    filter: Record<string, unknown>,
    set: Partial<Article>,
    expect: Record<string, string>,
    mailOf: (facts: ArticleFacts) => { key: string; mail: TransactionalMail },
  ): Promise<Article | null> => {
    const facts = articleFacts(article);
    const [updated] = await Promise.all([
      repo.updateIf(article._id, filter, set),
      facts.writer
        ? outbox.recordMail({ to: facts.writer, ...mailOf(facts) }, article._id, expect, nowIso())
        : undefined,
    ]);
    return updated;
  };

  const sendBack = async (
    id: string,
    set: Partial<Article> & { status: string },
    mailOf: (facts: ArticleFacts) => { key: string; mail: TransactionalMail },
    expect: Record<string, string> = {},
  ): Promise<Article> => {
    const article = await load(id);
    assertPending(article);
    const updated = await moderate(
      article,
      { status: 'Pending' },
      set,
      { status: set.status, ...expect },
      mailOf,
    );
    if (!updated) throw new Conflict('The article was moderated meanwhile');
    return updated;
  };

  return {
    /** PATCH /article/decline/{id}: Pending → Declined with its reason. */
    async decline(id: string, decliningReason: string): Promise<Article> {
      const updated = await sendBack(
        id,
        { status: 'Declined', decliningReason },
        ({ id: articleId, title }) => ({
          key: `article.declined:${articleId}`,
          mail: { kind: 'article.declined', articleId, title, reason: decliningReason },
        }),
        { decliningReason },
      );
      await events.publish({
        type: 'article.declined',
        article: articleFacts(updated),
        reason: decliningReason,
      });
      return updated;
    },

    /**
     * PATCH /article/request-changes/{id}: Pending → Changes requested with the moderator's note; the
     * writer's next edit makes it Pending again (update). Kept out of every public surface like Pending.
     */
    async requestChanges(id: string, reviewNote: string): Promise<Article> {
      const at = nowIso();
      // Keyed by when: each request is a mail of its own.
      const updated = await sendBack(
        id,
        { status: 'Changes requested', reviewNote, reviewNoteAt: at },
        ({ id: articleId, title }) => ({
          key: `article.changesRequested:${articleId}:${at}`,
          mail: { kind: 'article.changesRequested', articleId, title, note: reviewNote },
        }),
        { reviewNoteAt: at },
      );
      await events.publish({
        type: 'article.changesRequested',
        article: articleFacts(updated),
        note: reviewNote,
        at,
      });
      return updated;
    },

    /** PATCH /make-premium/{id}: isPremium Yes; refused when Declined, harmless when already premium. */
    async makePremium(id: string): Promise<{ article: Article; modified: boolean }> {
      const article = await load(id);
      if (article.status === 'Declined') throw new Conflict('A declined article cannot be made premium');
      if (article.isPremium === 'Yes') return { article, modified: false };
      const updated = await moderate(
        article,
        { status: { $ne: 'Declined' } },
        { isPremium: 'Yes' },
        { isPremium: 'Yes' },
        ({ id: articleId, title }) => ({
          key: `article.madePremium:${articleId}`,
          mail: { kind: 'article.madePremium', articleId, title },
        }),
      );
      if (!updated) throw new Conflict('A declined article cannot be made premium');
      await events.publish({ type: 'article.madePremium', article: articleFacts(updated) });
      return { article: updated, modified: true };
    },
  };
}
