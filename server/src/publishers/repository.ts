import type { Store } from '../store/port.js';

export interface Publisher {
  _id: string;
  publisherName: string;
  logo: string;
  createdAt?: string;
  [key: string]: unknown;
}

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
