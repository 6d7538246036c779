/**
 * Which uploads are in use: one answer for the periodic sweep and for the release of a replaced or
 * deleted image (docs/decisions/unused-upload-sweep.md), so neither deletes what the other keeps.
 */

/** A component whose records may point at uploaded images (articles, users, publishers). */
export interface ImageUser {
  /** Every image URL its records show (article covers and author photos, profile photos, logos). */
  imageUrls(): Promise<string[]>;
}

/**
 * The name all files of one upload share: `<base>.<ext>`, and any variant written beside it as
 * `<base>-<variant>.<ext>`. Upload names are hex, so the base ends at the first dash or dot.
 */
export function uploadBase(file: string): string {
  return /^[^.-]+/.exec(file)?.[0] ?? file;
}

/** The upload base a URL points at (`…/uploads/<file>` on any host, so a changed PUBLIC_URL still counts). */
export function baseOfUrl(url: string): string | null {
  const match = /\/uploads\/([^/?#]+)(?:[?#].*)?$/.exec(url);
  return match ? uploadBase(match[1]!) : null;
}

/** The bases of every upload a record of `imageUsers` points at (by any of its files). */
export async function referencedUploads(imageUsers: readonly ImageUser[]): Promise<Set<string>> {
  const lists = await Promise.all(imageUsers.map((user) => user.imageUrls()));
  const referenced = new Set<string>();
  for (const list of lists) {
    for (const url of list) {
      const base = baseOfUrl(url);
      if (base) referenced.add(base);
    }
  }
  return referenced;
}
