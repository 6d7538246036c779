/** The fifteen article tags. The value is the lower-case word; screens show it capitalised. */
export const TAGS = [
  'technology',
  'health',
  'education',
  'lifestyle',
  'travel',
  'finance',
  'sports',
  'entertainment',
  'science',
  'food',
  'fashion',
  'business',
  'art',
  'culture',
  'environment',
] as const;

export type Tag = (typeof TAGS)[number];

/** The label a screen shows for a tag value ('technology' → 'Technology'). */
export function tagLabel(tag: string): string {
  return tag.charAt(0).toUpperCase() + tag.slice(1);
}
