import type { Store } from '../../store/port.js';
import type { User } from '../types.js';

/** What a writer shows publicly, plus the e-mail their articles are found by (never answered). */
export type WriterFields = Pick<User, '_id' | 'publicId' | 'email' | 'name' | 'displayName' | 'photoURL'>;
const WRITER_PROJECTION = { _id: 1, publicId: 1, email: 1, name: 1, displayName: 1, photoURL: 1 } as const;

/**
 * The public side of `users`: writers' faces by public id (index {publicId}, unique) or by account id
 * (follows keep account ids), docs/decisions/writer-public-ids.md. Everything else about accounts
 * is ../repository.ts.
 */
export function createWriterRepository(store: Store) {
  const users = () => store.collection<User>('users');
  return {
    findByPublicIds(publicIds: string[]): Promise<WriterFields[]> {
      if (publicIds.length === 0) return Promise.resolve([]);
      return users().find({ publicId: { $in: publicIds } }, { projection: WRITER_PROJECTION });
    },
    findByIds(ids: string[]): Promise<WriterFields[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return users().find({ _id: { $in: ids } }, { projection: WRITER_PROJECTION });
    },
  };
}
