import { TAGS, tagLabel } from '@newsroom/common/tags';

export interface TagOption {
  value: string;
  label: string;
}

/** The tag picker's options: value is the word, label the capitalised word. */
export const TAG_OPTIONS: TagOption[] = TAGS.map((tag) => ({ value: tag, label: tagLabel(tag) }));
