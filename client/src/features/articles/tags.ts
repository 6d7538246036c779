/** The fifteen tags of docs/product.md §3: value is the word, label the capitalised word. */
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

export interface TagOption {
  value: string;
  label: string;
}

export const TAG_OPTIONS: TagOption[] = TAGS.map((tag) => ({
  value: tag,
  label: tag.charAt(0).toUpperCase() + tag.slice(1),
}));
