import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'express';
import { GridFSBucket, type Db } from 'mongodb';
import { displayFileName, variantFileName, type DisplayName } from '@newsroom/common';
import { writeRenditions, type Rendition } from './variants.js';

/**
 * Where uploaded images' files live (UPLOAD_STORE). `disk`: DATA_DIR/uploads of one machine, the
 * default. `gridfs`: the MongoDB database every instance uses, so an image uploaded through one
 * instance is served by all of them (docs/decisions/upload-storage.md).
 */
export interface UploadStorage {
  readonly kind: 'disk' | 'gridfs';
  /** Stores an image's renditions, variants first and the display file last; answers their names. */
  write(name: DisplayName, renditions: readonly Rendition[]): Promise<{ file: string; files: string[] }>;
  /** Deletes these files; a missing one is not an error. */
  remove(files: readonly string[]): Promise<void>;
  /** Every stored file name. */
  list(): Promise<string[]>;
  /** Sends one file; resolves false (nothing sent) when it is not stored. */
  send(res: Response, file: string, cache: { maxAgeMs: number; immutable: boolean }): Promise<boolean>;
}

export function diskStorage(dir: string): UploadStorage {
  return {
    kind: 'disk',
    write: (name, renditions) => writeRenditions(dir, name, renditions),
    async remove(files) {
      for (const f of files) await rm(path.join(dir, f), { force: true });
    },
    list: () => readdir(dir).catch(() => [] as string[]),
    send: (res, file, cache) =>
      new Promise((resolve, reject) => {
        res.sendFile(
          file,
          { root: dir, maxAge: cache.maxAgeMs, immutable: cache.immutable, dotfiles: 'deny' },
          (err) => {
            if (!err) resolve(true);
            else if (res.headersSent) reject(err);
            else resolve(false);
          },
        );
      }),
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

/**
 * GridFS in the MongoDB database (bucket `uploads`): chunks of 255 KB, one files document per
 * name. `fallback` is read (never written) for names GridFS lacks: the demo seed's images, which
 * each instance renders to its own disk.
 */
export function gridfsStorage(db: Db, fallback?: UploadStorage): UploadStorage {
  const bucket = new GridFSBucket(db, { bucketName: 'uploads' });
  const filesOf = () => db.collection<{ _id: unknown; filename: string; length: number }>('uploads.files');

  const removeNamed = async (files: readonly string[]) => {
    if (files.length === 0) return;
    const docs = await filesOf()
      .find({ filename: { $in: [...files] } }, { projection: { _id: 1 } })
      .toArray();
    for (const doc of docs) {
      try {
        await bucket.delete(doc._id as never);
      } catch (err) {
        // Removed by another instance meanwhile.
        if (!(err instanceof Error && /not found/i.test(err.message))) throw err;
      }
    }
  };

  const upload = (filename: string, data: Buffer) =>
    new Promise<void>((resolve, reject) => {
      const stream = bucket.openUploadStream(filename);
      stream.once('error', reject);
      stream.once('finish', () => resolve());
      stream.end(data);
    });

  return {
    kind: 'gridfs',
    async write(name, renditions) {
      const file = displayFileName(name);
      const isDisplay = (r: Rendition) => r.format === name.ext && r.width === name.width;
      const ordered = [...renditions.filter((r) => !isDisplay(r)), ...renditions.filter(isDisplay)];
      const files: string[] = [];
      try {
        for (const r of ordered) {
          const target = isDisplay(r) ? file : variantFileName(name, r.width, r.format);
          files.push(target);
          await upload(target, r.data);
        }
      } catch (err) {
        await removeNamed(files).catch(() => undefined);
        throw err;
      }
      return { file, files };
    },
    remove: removeNamed,
    async list() {
      const names = await filesOf()
        .find({}, { projection: { filename: 1 } })
        .map((d) => d.filename)
        .toArray();
      return [...new Set([...names, ...((await fallback?.list()) ?? [])])];
    },
    async send(res, file, cache) {
      const doc = await filesOf().findOne({ filename: file }, { sort: { uploadDate: -1 } });
      if (!doc) return fallback ? fallback.send(res, file, cache) : false;
      res.set({
        'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Content-Length': String(doc.length),
        'Cache-Control': `public, max-age=${Math.floor(cache.maxAgeMs / 1000)}${cache.immutable ? ', immutable' : ''}`,
        ETag: `"${String(doc._id)}"`,
      });
      if (res.req.fresh) {
        res.status(304).end();
        return true;
      }
      await new Promise<void>((resolve, reject) => {
        const download = bucket.openDownloadStream(doc._id as never);
        download.once('error', (err) => (res.headersSent ? res.destroy(err) : reject(err)));
        res.once('close', () => {
          download.destroy();
          resolve();
        });
        download.pipe(res);
      });
      return true;
    },
  };
}
