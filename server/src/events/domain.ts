/**
 * Domain events: what happened, said by the service that made it happen, once its write has
 * committed (docs/architecture.md, "Domain events"). Every other concern subscribes to them: the
 * answer cache drops what an event made stale (cache/invalidation.ts), the live streams tell browsers
 * (events/mapper.ts). With several instances they travel through a log every instance reads, in one
 * order (cluster/change-log.ts); with one process, through the bus below.
 *
 * Events are plain JSON: they cross processes.
 */

import type { FollowKind } from '@newsroom/common';
import { isApproved, type Article } from '../articles/types.js';

/** What happened to a comment. */
export type CommentChange = 'created' | 'edited' | 'hidden' | 'restored' | 'removed' | 'pinned' | 'unpinned';

/** How a premium change reads to the reader: it started, renewed, lapsed, was taken back, or other. */
export type PremiumChange = 'started' | 'renewed' | 'lapsed' | 'takenBack' | 'changed';

/** What the subscribers need to know about an article an event is about. */
export interface ArticleFacts {
  id: string;
  title: string;
  /** The writer's email (their copy of live events says `own`); null when the record has none. */
  writer: string | null;
  /** Approved (public) after the event; for `article.deleted`, before it. */
  approved: boolean;
}

export type DomainEvent =
  /** A writer posted an article (Pending). */
  | { type: 'article.submitted'; article: ArticleFacts }
  /** Its writer edited it; it is Pending again. `wasApproved`: it was public until now. */
  | { type: 'article.edited'; article: ArticleFacts; wasApproved: boolean }
  | { type: 'article.approved'; article: ArticleFacts }
  | { type: 'article.declined'; article: ArticleFacts; reason: string }
  /** A moderator sent it back to its writer with a note (`at`: when; a request is mailed once). */
  | { type: 'article.changesRequested'; article: ArticleFacts; note: string; at: string }
  /** A moderator approved it to be published at `publishAt` (status Scheduled; its publishing is an approval). */
  | { type: 'article.scheduled'; article: ArticleFacts; publishAt: string }
  | { type: 'article.madePremium'; article: ArticleFacts }
  | { type: 'article.deleted'; article: ArticleFacts }
  /**
   * A counted view (its count is shown late by design: docs/decisions/view-count-staleness.md).
   * `reader`: whose view it was (their "For you" leaves the article out from now on).
   */
  | { type: 'article.viewed'; articleId: string; reader?: string }
  | { type: 'publisher.added'; publisherId: string; name: string }
  | { type: 'user.registered'; email: string }
  /** Fields of a user's record changed (profile, owner, post slots, role taken away...). */
  | { type: 'user.changed'; email: string; fields: string[] }
  | { type: 'user.madeAdmin'; userId: string; email: string }
  /** A payment extended (or a refund shortened) the user's premium. */
  | { type: 'premium.granted'; email: string; premiumEndAt: string | null }
  /**
   * A subscription (or a refund or dispute, of a pass or a period) moved the user's premium end
   * (billing/, docs/decisions/subscriptions.md).
   */
  | { type: 'premium.changed'; email: string; premiumEndAt: string | null; change: PremiumChange }
  /** A reader started (or stopped) following a publisher or a writer (`target`: its id). */
  | { type: 'follow.added'; follower: string; kind: FollowKind; target: string }
  | { type: 'follow.removed'; follower: string; kind: FollowKind; target: string }
  /** A gift link was created, revoked, or let a new reader in (docs/decisions/gift-links-and-meter.md). */
  | { type: 'gift.changed'; creator: string; linkId: string; change: 'created' | 'revoked' | 'opened' }
  /**
   * A comment changed (docs/decisions/comments.md). `premium`: its article is premium (its events go
   * only to those who may read it); `shown`: everyone who may read the article saw it before or after.
   */
  | {
      type: 'comment.changed';
      change: CommentChange;
      commentId: string;
      articleId: string;
      /** The article's title (the writer's mail names it). */
      title: string;
      premium: boolean;
      writer: string;
      author: string;
      shown: boolean;
    }
  /** A signed-in reader without premium read a premium article in full on the meter. */
  | { type: 'meter.counted'; reader: string; articleId: string; used: number };

/**
 * `id`: the event's id in the log every instance shares; undefined with one process.
 * Listeners run synchronously and must not throw (a throw is logged, the others still run).
 */
export type DomainListener = (event: DomainEvent, id?: string) => void;

export interface DomainEvents {
  /**
   * Publishes an event whose write has committed. Resolves once every subscriber of this instance
   * has seen it (and, with several instances, once it is in the shared log): a request answered
   * after it finds its own write in every cached answer, on every instance.
   */
  publish(event: DomainEvent): Promise<void>;
  subscribe(listener: DomainListener): () => void;
}

/** One process: subscribers run at once, in the publisher's call. */
export class InProcessDomainEvents implements DomainEvents {
  private readonly listeners = new Set<DomainListener>();

  constructor(private readonly onListenerError: (err: unknown) => void = () => {}) {}

  publish(event: DomainEvent): Promise<void> {
    this.deliver(event);
    return Promise.resolve();
  }

  /** Hands `event` to every subscriber (also used by the shared log for what it reads). */
  deliver(event: DomainEvent, id?: string): void {
    for (const listener of this.listeners) {
      try {
        listener(event, id);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }

  subscribe(listener: DomainListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}

/** Services built without events (the seed, a sweep, a script) publish to nobody. */
export const noDomainEvents: DomainEvents = {
  publish: () => Promise.resolve(),
  subscribe: () => () => {},
};

export function articleFacts(
  article: Pick<Article, '_id' | 'articleTitle' | 'userInfo' | 'status'>,
  approved = isApproved(article),
): ArticleFacts {
  return {
    id: article._id,
    title: article.articleTitle ?? '',
    writer: article.userInfo?.email ?? null,
    approved,
  };
}
