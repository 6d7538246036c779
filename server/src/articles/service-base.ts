/**
 * What the parts of the articles service share (service.ts composes them): the service's
 * dependencies, the repository and the few rules every part applies.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { NotFound } from '../errors.js';
import type { DomainEvents } from '../events/domain.js';
import type { FollowService } from '../follows/service.js';
import type { MeterService } from '../meter/service.js';
import type { PublisherService } from '../publishers/service.js';
import type { RevisionService } from '../revisions/service.js';
import type { StatsService } from '../stats/service.js';
import type { Store } from '../store/port.js';
import type { UploadService } from '../uploads/service.js';
import type { UserService } from '../users/service.js';
import type { User } from '../users/types.js';
import { createArticleRepository } from './repository.js';
import type { Article } from './types.js';

/** Who may see an article: kept beside its public form (the route edge caches both). */
export interface ArticleAccess {
  status: Article['status'];
  isPremium: Article['isPremium'];
  authorEmail: string;
}

export interface ArticleServiceDeps {
  store: Store;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** What happened, once written (cache drops and live events follow it: events/domain.ts). */
  events: DomainEvents;
  publishers: PublisherService;
  users: UserService;
  stats: StatsService;
  follows: FollowService;
  meter: MeterService;
  /** Given every image user (articles, users, publishers): it releases an image no one shows. */
  uploads: UploadService;
  /** Every submitted version of an article (recorded as it is written). */
  revisions: RevisionService;
}

export type ArticleBase = ReturnType<typeof articleBase>;

export function articleBase(deps: ArticleServiceDeps) {
  const repo = createArticleRepository(deps.store);
  return {
    deps,
    repo,
    nowIso: () => deps.clock.now().toISOString(),
    isOwner: (article: Pick<Article, 'userInfo'> | ArticleAccess, user: User) =>
      ('authorEmail' in article ? article.authorEmail : article.userInfo?.email) === user.email,
    async load(id: string): Promise<Article> {
      const article = await repo.findById(id);
      if (!article) throw new NotFound('Article not found');
      return article;
    },
    accessOf: (a: Article): ArticleAccess => ({
      status: a.status,
      isPremium: a.isPremium,
      authorEmail: a.userInfo?.email ?? '',
    }),
  };
}
