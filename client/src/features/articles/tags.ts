import { TAGS, tagLabel } from '@newsroom/common/tags';

export interface TagOption {
  value: string;
  label: string;
}

/** The tag picker's options: value is the word, label the capitalised word. */
export const TAG_OPTIONS: TagOption[] = TAGS.map((tag) => ({ value: tag, label: tagLabel(tag) }));

/**
 * The tag the picker lists first for typed `text`, which Enter picks: the first whose label or word
 * contains it, case ignored (react-select's default filter, for the tag words, which have no accents).
 */
export function firstTagMatching(text: string): TagOption | undefined {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return undefined;
  return TAG_OPTIONS.find((o) => `${o.label} ${o.value}`.toLowerCase().includes(wanted));
}
