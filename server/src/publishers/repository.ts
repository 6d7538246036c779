import type { Publisher as PublisherAnswer } from '@newsroom/common';
import type { Store } from '../store/port.js';

/** A publisher as stored: the fields it is answered with (@newsroom/common), and whatever else older records carry. */
export type Publisher = PublisherAnswer & { [key: string]: unknown };

/** The only place that builds queries on `publishers`. */
export function createPublisherRepository(store: Store) {
  const publishers = () => store.collection<Publisher>('publishers');
  return {
    list(): Promise<Publisher[]> {
      return publishers().find(
        {},
        { sort: { publisherName: 1 }, projection: { _id: 1, publisherName: 1, logo: 1 } },
      );
    },
    /** Every publisher logo URL. */
    async logoUrls(): Promise<string[]> {
      const rows = await publishers().find({}, { projection: { logo: 1 } });
      return rows.map((p) => p.logo).filter((u) => typeof u === 'string');
    },
    findByName(publisherName: string): Promise<Publisher | null> {
      return publishers().findOne({ publisherName });
    },
    /** Throws DuplicateKeyError when the name is taken (unique index). */
    insert(publisher: Publisher): Promise<void> {
      return publishers().insertOne(publisher);
    },
    async usesLogo(url: string): Promise<boolean> {
      return (await publishers().countDocuments({ logo: url })) > 0;
    },
  };
}
