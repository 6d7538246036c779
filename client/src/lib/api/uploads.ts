import { call } from './call';

/** POST /uploads (multipart, field `image`): the hosted image's URL (docs/product.md §7). */
export async function postImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const data: { data?: { display_url?: string } } = await call('uploadImage', { body: form });
  const url = data.data?.display_url;
  if (!url) throw new Error('POST /uploads answered without data.display_url');
  return url;
}
