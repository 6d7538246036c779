import { createHash } from 'node:crypto';
import type { Store } from '../store/port.js';

/** One draft: what a writer typed in Add Article or an update dialog, as last saved. */
export interface DraftRecord {
  /** Derived from (owner, key): a retried save meets the same document. */
  _id: string;
  owner: string;
  key: string;
  articleId: string | null;
  title: string;
  description: string;
  publisher: string;
  Tags: string[];
  photoURL: string | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const draftId = (owner: string, key: string) =>
  createHash('sha256').update(`draft\n${owner}\n${key}`).digest('hex').slice(0, 24);

/** The only place that builds queries on `drafts` (index {owner, updatedAt, _id}). */
export function createDraftRepository(store: Store) {
  const drafts = () => store.collection<DraftRecord>('drafts');
  return {
    findOne(owner: string, key: string): Promise<DraftRecord | null> {
      return drafts().findOne({ _id: draftId(owner, key), owner });
    },

    /** Saves the fields, making the draft when it is new; answers the draft as stored. */
    async save(
      owner: string,
      key: string,
      fields: Omit<DraftRecord, '_id' | 'owner' | 'key' | 'createdAt'>,
    ): Promise<DraftRecord> {
      const saved = await drafts().findOneAndUpdate(
        { _id: draftId(owner, key) },
        { $set: fields, $setOnInsert: { owner, key, createdAt: fields.updatedAt } },
        { upsert: true },
      );
      return saved!;
    },

    /** The owner's drafts, the last saved first. */
    listByOwner(owner: string, limit: number): Promise<DraftRecord[]> {
      return drafts().find({ owner }, { sort: { updatedAt: -1, _id: -1 }, limit });
    },

    countByOwner(owner: string): Promise<number> {
      return drafts().countDocuments({ owner });
    },

    async delete(owner: string, key: string): Promise<boolean> {
      return (await drafts().deleteOne({ _id: draftId(owner, key), owner })).deletedCount > 0;
    },

    /** The update drafts of an article that is gone. */
    async deleteForArticle(articleId: string): Promise<number> {
      return (await drafts().deleteMany({ articleId })).deletedCount;
    },

    /** Every image a draft points at (so the upload sweep keeps them). */
    async imageUrls(): Promise<string[]> {
      const rows = await drafts().find({ photoURL: { $ne: null } }, { projection: { photoURL: 1 } });
      return rows.map((r) => r.photoURL).filter((u): u is string => typeof u === 'string');
    },
  };
}
