import type { Clock } from '../clock.js';
import { Conflict } from '../errors.js';
import { DuplicateKeyError, type Store } from '../store/port.js';
import { newId } from '../store/ids.js';
import { CacheGroup, type AnswerCache, type CachedAnswer, type MissGuard } from '../cache/answer-cache.js';
import { createPublisherRepository, type Publisher, type PublisherRepository } from './repository.js';
import type { AddPublisher } from './schemas.js';

export interface PublisherArticleCount {
  publisherName: string;
  articleCount: number;
}

export type PublisherService = ReturnType<typeof createPublisherService>;

export function createPublisherService(deps: { store: Store; cache: AnswerCache; clock: Clock }) {
  const repo: PublisherRepository = createPublisherRepository(deps.store);
  const cache = deps.cache;

  return {
    /** GET /publisher-data: every publisher, by name. */
    async listAnswer(onMiss?: MissGuard): Promise<CachedAnswer> {
      return cache.get(
        CacheGroup.publishers,
        'all',
        async () => ({ value: await repo.list(), meta: undefined }),
        onMiss,
      );
    },

    exists(publisherName: string): Promise<boolean> {
      return repo.findByName(publisherName).then((p) => p !== null);
    },

    async add(input: AddPublisher): Promise<Publisher> {
      const publisher: Publisher = {
        _id: newId(),
        publisherName: input.publisherName,
        logo: input.logo,
        createdAt: deps.clock.now().toISOString(),
      };
      try {
        await repo.insert(publisher);
      } catch (err) {
        if (err instanceof DuplicateKeyError) throw new Conflict('A publisher with this name already exists');
        throw err;
      }
      return publisher;
    },

    /** GET /publisher/article/count: every publisher, even with no article (admin statistics). */
    async articleCountsAnswer(): Promise<CachedAnswer> {
      return cache.get(CacheGroup.publisherCounts, 'all', async () => {
        const [publishers, counts] = await Promise.all([repo.list(), repo.articleCountsByPublisher()]);
        const value: PublisherArticleCount[] = publishers.map((p) => ({
          publisherName: p.publisherName,
          articleCount: counts.get(p.publisherName) ?? 0,
        }));
        return { value, meta: undefined };
      });
    },
  };
}
