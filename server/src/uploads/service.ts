import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { newId } from '../store/ids.js';
import type { Store } from '../store/port.js';
import { processImage } from './image.js';
import { createUploadRepository } from './repository.js';

/**
 * Names we serve: lower-case letters, digits and dashes, then one of our three extensions (uploads are
 * 32 hex characters; the demo seed writes `seed-...` names). No dot, slash or backslash can get through.
 */
export const UPLOAD_FILE_PATTERN = /^[a-z0-9][a-z0-9-]{0,100}\.(?:jpg|png|webp)$/;

export type UploadService = ReturnType<typeof createUploadService>;

export function createUploadService(deps: { store: Store; config: Config; clock: Clock; logger: Logger }) {
  const repo = createUploadRepository(deps.store);
  const dir = path.join(deps.config.dataDir, 'uploads');
  const urlPrefix = `${deps.config.publicUrl}/uploads/`;

  /** The stored file behind one of our own upload URLs, or null for any other URL. */
  const fileOf = (url: string): string | null => {
    if (!url.startsWith(urlPrefix)) return null;
    const file = url.slice(urlPrefix.length);
    return UPLOAD_FILE_PATTERN.test(file) ? file : null;
  };

  return {
    dir,

    /** Validates, re-encodes and stores an image; answers its public URL. */
    async store(input: Buffer, uploaderEmail: string | null): Promise<{ url: string; file: string }> {
      const image = await processImage(input);
      const file = `${randomBytes(16).toString('hex')}.${image.ext}`;
      const target = path.join(dir, file);
      const temp = `${target}.tmp`;
      await mkdir(dir, { recursive: true });
      // Written aside then renamed, so a crash never leaves a half file under a served name.
      await writeFile(temp, image.data, { flush: true });
      await rename(temp, target);
      const url = `${urlPrefix}${file}`;
      try {
        await repo.insert({
          _id: newId(),
          url,
          file,
          uploaderEmail,
          createdAt: deps.clock.now().toISOString(),
        });
      } catch (err) {
        await rm(target, { force: true });
        throw err;
      }
      return { url, file };
    },

    /**
     * Deletes one of our uploaded images once no article, user or publisher uses its URL any more.
     * Other URLs (external hosts) are left alone. Never throws (a leftover file is harmless); failures are logged.
     */
    async releaseIfUnused(url: string | null | undefined): Promise<boolean> {
      if (!url) return false;
      const file = fileOf(url);
      if (!file) return false;
      try {
        if (await repo.isReferenced(url)) return false;
        await rm(path.join(dir, file), { force: true });
        await repo.deleteByUrl(url);
        return true;
      } catch (err) {
        deps.logger.warn({ err, file }, 'could not release an uploaded image');
        return false;
      }
    },
  };
}
