import { postImage } from './api/uploads';
import { errorMessage } from './error-message';

export const INVALID_IMAGE_MESSAGE = 'Invalid image file input.';

/** The server's limits (it checks them again): at most 5 MB, JPEG, PNG, WebP or GIF. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const IMAGE_TOO_LARGE_MESSAGE = 'The image must be at most 5 MB';
export const IMAGE_TYPE_MESSAGE = 'Only JPEG, PNG, WebP and GIF images are accepted';
export const UPLOAD_FAILED_MESSAGE = 'The image could not be uploaded, try again';

/** Why this file would be refused, said before anything is sent; undefined when it may go. */
export function imageFileProblem(file: File): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return undefined;
}

/** A file worth uploading: present, with a name and a type (docs/product.md §5). */
export function assertImageFile(file: File | null | undefined): asserts file is File {
  if (!file || !file.name || !file.type) throw new Error(INVALID_IMAGE_MESSAGE);
}

/**
 * The name shown in file choosers: names longer than 15 characters become the first 10 characters,
 * four dots and the extension taken from the type (`image/png` → `png`).
 */
export function shortenFileName(file: File): string {
  assertImageFile(file);
  if (file.name.length <= 15) return file.name;
  const extension = file.type.split('/')[1] ?? '';
  return `${file.name.slice(0, 10)}....${extension}`;
}

/** What a file chooser shows: `placeholder` until a file is picked, then its shortened name. */
export function chosenFileLabel(file: File | null, placeholder: string): string {
  if (!file) return placeholder;
  try {
    return shortenFileName(file);
  } catch {
    return file.name || placeholder;
  }
}

export interface UploadImageOptions {
  /** Told, in plain words, why the upload failed (too large, wrong type, the server's reason, offline). */
  onError?: (message: string) => void;
}

/**
 * Uploads an image (POST /uploads, multipart field `image`; the answer has the image host's shape
 * `{data: {display_url}}`) and resolves to the hosted URL. Throws 'Invalid image file input.' for a
 * missing/unnamed/untyped file; an upload failure is logged and resolves to undefined (docs/product.md §7), and
 * its reason goes to `onError` so the form can show it next to the file field.
 */
export async function uploadImage(
  file: File | null | undefined,
  { onError }: UploadImageOptions = {},
): Promise<string | undefined> {
  assertImageFile(file);
  const problem = imageFileProblem(file);
  if (problem) {
    console.error(new Error(`${problem} (${file.name}, ${file.type}, ${file.size} bytes)`));
    onError?.(problem);
    return undefined;
  }
  try {
    return await postImage(file);
  } catch (error) {
    console.error(error);
    onError?.(errorMessage(error, UPLOAD_FAILED_MESSAGE));
    return undefined;
  }
}
