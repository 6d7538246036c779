import { api } from './api-client';

export const INVALID_IMAGE_MESSAGE = 'Invalid image file input.';

/** A file worth uploading: present, with a name and a type (SPEC §5). */
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

/**
 * Uploads an image (POST /uploads, multipart field `image`; the answer has the image host's shape
 * `{data: {display_url}}`) and resolves to the hosted URL. Throws 'Invalid image file input.' for a
 * missing/unnamed/untyped file; an upload failure is logged and resolves to undefined (SPEC §7).
 */
export async function uploadImage(file: File | null | undefined): Promise<string | undefined> {
  assertImageFile(file);
  const form = new FormData();
  form.append('image', file);
  try {
    const { data } = await api.post<{ data?: { display_url?: string } }>('/uploads', form);
    return data.data?.display_url;
  } catch (error) {
    console.error(error);
    return undefined;
  }
}
