import type { Store } from '../store/port.js';

export interface UploadRecord {
  _id: string;
  url: string;
  file: string;
  /** The responsive variants written beside `file` (uploads/variants.ts); absent on older uploads. */
  variants?: string[];
  uploaderEmail: string | null;
  createdAt: string;
  [key: string]: unknown;
}

/** The only place that builds queries on `uploads`. */
export function createUploadRepository(store: Store) {
  const uploads = () => store.collection<UploadRecord>('uploads');
  return {
    insert(record: UploadRecord): Promise<void> {
      return uploads().insertOne(record);
    },
    /** The upload whose display file `url` names (a variant's URL names none). */
    findByUrl(url: string): Promise<UploadRecord | null> {
      return uploads().findOne({ url });
    },
    async deleteByUrl(url: string): Promise<void> {
      await uploads().deleteMany({ url });
    },
    /** Uploads stored at or before `cutoffIso`. */
    listCreatedBefore(cutoffIso: string): Promise<UploadRecord[]> {
      return uploads().find({ createdAt: { $lte: cutoffIso } });
    },
    async deleteById(id: string): Promise<void> {
      await uploads().deleteOne({ _id: id });
    },
  };
}
