import type { Clock } from '../clock.js';
import { Conflict } from '../errors.js';
import { DuplicateKeyError, type Store } from '../store/port.js';
import { newId } from '../store/ids.js';
import type { DomainEvents } from '../events/domain.js';
import { createPublisherRepository, type Publisher } from './repository.js';
import type { AddPublisher, PublisherArticleCount } from '@newsroom/common';

/** GET /publisher/article/count: every publisher, even with no article (admin statistics). */
export function withArticleCounts(
  publishers: Publisher[],
  counts: ReadonlyMap<string, number>,
): PublisherArticleCount[] {
  return publishers.map((p) => ({
    publisherName: p.publisherName,
    articleCount: counts.get(p.publisherName) ?? 0,
  }));
}

export type PublisherService = ReturnType<typeof createPublisherService>;

export function createPublisherService(deps: { store: Store; clock: Clock; events: DomainEvents }) {
  const repo = createPublisherRepository(deps.store);
  const { events } = deps;

  return {
    /** GET /publisher-data: every publisher, by name. */
    list: repo.list,

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
      await events.publish({
        type: 'publisher.added',
        publisherId: publisher._id,
        name: publisher.publisherName,
      });
      return publisher;
    },

    /** Whether a publisher logo still points at this image URL (uploads). */
    usesImage: repo.usesLogo,
    /** Every publisher logo URL (the unused-upload sweep). */
    imageUrls: repo.logoUrls,
  };
}
