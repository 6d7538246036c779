/**
 * Moderating articles (docs/roles.md, the transitions table): approve, decline, request changes, make
 * premium, and the moderators' queue (service.ts composes it).
 */
import { Conflict } from '../errors.js';
import { articleFacts, type ArticleFacts } from '../events/domain.js';
import type { TransactionalMail } from '../mail/messages.js';
import { createEventOutbox } from '../outbox/service.js';
import { createModerationQueue } from './moderation-queue.js';
import type { ArticleBase } from './service-base.js';
import { isApproved, type Article } from './types.js';

export function articleModeration({ repo, load, nowIso, deps }: ArticleBase) {
  const { events } = deps;
  const queue = createModerationQueue(repo);
  const outbox = createEventOutbox(deps.store);

  /** Moderation decides on Pending articles only (docs/roles.md, the transitions table). */
  const assertPending = (article: Article) => {
    if (article.status === 'Pending') return;
    throw new Conflict(
      article.status === 'Changes requested'
        ? 'Changes were requested: the writer edits the article first'
        : `The article is already ${isApproved(article) ? 'Approved' : article.status}`,
    );
  };

  /** Pending → declined or changes requested, with what the moderator said to the writer. */
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
    /** GET /all-articles/counts and GET /all-articles/data (docs/decisions/moderation-order.md). */
    moderationCounts: queue.counts,
    adminPage: queue.page,

    /** PATCH /update/status/{id}: Pending → Approved. */
    async approve(id: string): Promise<Article> {
      assertPending(await load(id));
      // The approval and its follow-ups' outbox entry (the digest's record, the writer's mail) are
      // written together: one durable commit on the embedded engine, and the answer waits for no
      // follow-up (docs/decisions/event-outbox.md). An entry left by a lost race is dropped unused.
      const [updated] = await Promise.all([
        repo.updateIf(id, { status: 'Pending' }, { status: 'Approved', decliningReason: null }),
        outbox.recordApproval(id, nowIso()),
      ]);
      if (!updated) throw new Conflict('The article was moderated meanwhile');
      await events.publish({ type: 'article.approved', article: articleFacts(updated) });
      return updated;
    },

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
