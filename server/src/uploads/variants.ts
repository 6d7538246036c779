import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { displayFileName, variantFileName, type DisplayName, type LegacyExt } from '@newsroom/common';

// How a stored image's files are named lives in @newsroom/common (the client reads the same names);
// this module writes them to disk.

/** One encoded rendition of an image. */
export interface Rendition {
  width: number;
  format: 'webp' | LegacyExt;
  data: Buffer;
}

/**
 * Writes an image's renditions under `dir` and answers the display file name. Variants are written
 * first and the display file last, each to a temp name then renamed: once the display file (the one
 * a URL points at) exists, all its variants do.
 */
export async function writeRenditions(
  dir: string,
  name: DisplayName,
  renditions: readonly Rendition[],
): Promise<{ file: string; files: string[] }> {
  const file = displayFileName(name);
  const isDisplay = (r: Rendition) => r.format === name.ext && r.width === name.width;
  const ordered = [...renditions.filter((r) => !isDisplay(r)), ...renditions.filter(isDisplay)];
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  try {
    for (const r of ordered) {
      const target = isDisplay(r) ? file : variantFileName(name, r.width, r.format);
      const temp = path.join(dir, `${target}.tmp`);
      files.push(target);
      await writeFile(temp, r.data, { flush: true });
      await rename(temp, path.join(dir, target));
    }
  } catch (err) {
    // A full disk, say: leave no orphan variant behind (no record would ever lead to it).
    for (const f of files) {
      await rm(path.join(dir, f), { force: true });
      await rm(path.join(dir, `${f}.tmp`), { force: true });
    }
    throw err;
  }
  return { file, files };
}
