import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { newId } from '../store/ids.js';
import type { Store } from '../store/port.js';
import { processImage } from './image.js';
import { referencedUploads, uploadBase, type ImageUser } from './references.js';
import { createUploadRepository } from './repository.js';
import { filesOfImage, UPLOAD_FILE_PATTERN } from '@newsroom/common';
import { diskStorage, type UploadStorage } from './storage.js';

export { UPLOAD_FILE_PATTERN };

export type UploadService = ReturnType<typeof createUploadService>;

/** Where the disk storage keeps files (and the demo seed writes its images). */
export const uploadsDir = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'uploads');

export type { ImageUser };

/** Who asks for an image to be released: only its uploader, or an admin, may. */
export interface Releaser {
  email: string;
  admin: boolean;
}

/**
 * `imageUsers`: who may still point at an image. The callers that release images pass them (the
 * uploads component cannot import the components that import it); without them no image is released
 * here, and the periodic sweep removes it later.
 */
export function createUploadService(
  deps: { store: Store; config: Config; clock: Clock; logger: Logger; uploads?: UploadStorage },
  imageUsers: readonly ImageUser[] = [],
) {
  const repo = createUploadRepository(deps.store);
  const storage = deps.uploads ?? diskStorage(uploadsDir(deps.config));
  const urlPrefix = `${deps.config.publicUrl}/uploads/`;

  /** The stored file behind one of our own upload URLs, or null for any other URL. */
  const fileOf = (url: string): string | null => {
    if (!url.startsWith(urlPrefix)) return null;
    const file = url.slice(urlPrefix.length);
    return UPLOAD_FILE_PATTERN.test(file) ? file : null;
  };

  /** Deletes every file of one stored image: its variants, then the display file. */
  const removeFiles = (file: string): Promise<void> => storage.remove(filesOfImage(file));

  return {
    storage,
    removeFiles,

    /** Validates, re-encodes and stores an image with its responsive variants; answers its public URL. */
    async store(input: Buffer, uploaderEmail: string | null): Promise<{ url: string; file: string }> {
      const image = await processImage(input);
      const name = {
        base: randomBytes(16).toString('hex'),
        width: image.width,
        height: image.height,
        ext: image.ext,
      };
      // The display file is written last, so a crash never leaves a served name without its variants.
      const { file, files } = await storage.write(name, image.renditions);
      const url = `${urlPrefix}${file}`;
      try {
        await repo.insert({
          _id: newId(),
          url,
          file,
          variants: files.filter((f) => f !== file),
          uploaderEmail,
          createdAt: deps.clock.now().toISOString(),
        });
      } catch (err) {
        await removeFiles(file);
        throw err;
      }
      return { url, file };
    },

    /**
     * Deletes one of our uploaded images once nothing refers to it any more: asked by its uploader
     * or an admin (anyone else's replaced image is left to the sweep), for the display file an upload
     * record names (never a variant's name), when no record of `imageUsers` points at any of its
     * files (the sweep's own test, uploads/references.ts). Other URLs (external hosts) are left
     * alone. Never throws (a leftover file is harmless); failures are logged.
     */
    async releaseIfUnused(url: string | null | undefined, by: Releaser): Promise<boolean> {
      if (!url || !fileOf(url) || imageUsers.length === 0) return false;
      try {
        const upload = await repo.findByUrl(url);
        if (!upload || !fileOf(upload.url)) return false;
        if (!by.admin && upload.uploaderEmail !== by.email) return false;
        if ((await referencedUploads(imageUsers)).has(uploadBase(upload.file))) return false;
        await removeFiles(upload.file);
        await repo.deleteByUrl(url);
        return true;
      } catch (err) {
        deps.logger.warn({ err, url }, 'could not release an uploaded image');
        return false;
      }
    },
  };
}
