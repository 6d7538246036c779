import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Services } from '../services.js';
import type { Store } from '../store/port.js';
import { createUploadRepository } from './repository.js';
import { referencedUploads, uploadBase } from './references.js';

export { uploadBase };

/**
 * How long an upload may stay unused. Covers the registration photo, uploaded before the account
 * exists, and an article image uploaded while its form is still being filled in.
 */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

export interface SweepDeps {
  store: Store;
  clock: Clock;
  logger: Logger;
  /** Who may refer to an image, and where the images are (services.ts). */
  services: Pick<Services, 'articles' | 'users' | 'publishers' | 'uploads'>;
}

/**
 * Deletes uploads older than the grace period that no article (cover or author photo), user or
 * publisher refers to: every file sharing the upload's base name, then its record. References are
 * gathered once per sweep (one pass per collection), not looked up per upload. Files without an
 * upload record (the demo seed's images) are never touched. See docs/decisions/unused-upload-sweep.md.
 */
export async function sweepUnusedUploads(
  deps: SweepDeps,
  graceMs = UNUSED_UPLOAD_GRACE_MS,
): Promise<{ deleted: string[] }> {
  const uploads = createUploadRepository(deps.store);
  const cutoff = new Date(deps.clock.now().getTime() - graceMs).toISOString();
  const candidates = await uploads.listCreatedBefore(cutoff);
  if (candidates.length === 0) return { deleted: [] };

  const { articles, users, publishers } = deps.services;
  const referenced = await referencedUploads([articles, users, publishers]);
  const unused = candidates.filter((u) => !referenced.has(uploadBase(u.file)));
  if (unused.length === 0) return { deleted: [] };

  const { storage } = deps.services.uploads;
  const filesByBase = new Map<string, string[]>();
  for (const file of await storage.list()) {
    const base = uploadBase(file);
    const files = filesByBase.get(base);
    if (files) files.push(file);
    else filesByBase.set(base, [file]);
  }
  const deleted: string[] = [];
  for (const upload of unused) {
    try {
      await storage.remove(filesByBase.get(uploadBase(upload.file)) ?? []);
      // The record goes last: if a file could not be removed, the next sweep tries again.
      await uploads.deleteById(upload._id);
      deleted.push(upload.file);
    } catch (err) {
      deps.logger.warn({ err, file: upload.file }, 'could not delete an unused upload');
    }
  }
  if (deleted.length) deps.logger.info({ count: deleted.length }, 'unused uploads deleted');
  return { deleted };
}
