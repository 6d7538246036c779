import { useEffect, useRef, useState } from 'react';
import type { UseFormWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { isDraftKey, newDraftKey } from './local-drafts';
import { useAutosave } from './useAutosave';
import {
  draftFieldsOf,
  formValuesOf,
  useRestoredDraft,
  useWatchChanges,
  type ArticleFormValues,
} from './useFormDraft';

type DraftValues = ReturnType<typeof formValuesOf>;

/** The form's `reset`, read through a ref: a restored draft is applied once, whatever re-renders. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/**
 * Add Article's draft (docs/roles.md, "Drafts"): named on the first change (or by My Articles'
 * Continue, `?draft=`, or the offer of one kept in this browser), saved as the writer types; the
 * address stays /add-articles.
 */
export function useNewArticleDraft<V extends ArticleFormValues>(
  email: string | null | undefined,
  watch: UseFormWatch<V>,
  reset: (values: DraftValues) => void,
) {
  const [params] = useSearchParams();
  const linkedKey = isDraftKey(params.get('draft')) ? params.get('draft') : null;
  const draftKey = useRef<string | null>(linkedKey);
  const [openedKey, setOpenedKey] = useState<string | null>(linkedKey);
  const autosave = useAutosave({ email, key: () => (draftKey.current ??= newDraftKey()) });
  useWatchChanges(watch, autosave.change, null);
  const restored = useRestoredDraft(email, openedKey);
  const resetRef = useLatest(reset);
  useEffect(() => {
    const fields = restored.data?.fields;
    if (fields) resetRef.current(formValuesOf(fields));
  }, [restored.data, resetRef]);

  return {
    autosave,
    /** A draft being read back (the form waits for it). */
    loading: restored.isFetching,
    /** A draft was opened (no other is offered then). */
    opened: openedKey !== null,
    open: (key: string) => {
      draftKey.current = key;
      setOpenedKey(key);
    },
    /** The article was posted: the draft has become it. */
    submitted: () => {
      if (draftKey.current) void autosave.forget(draftKey.current);
    },
  };
}

/**
 * An article's update dialog: its unsent changes are a draft of that article, offered back (with
 * when) the next time the dialog opens; `saved` is what the article holds now.
 */
export function useArticleUpdateDraft<V extends ArticleFormValues>(
  email: string | null | undefined,
  articleId: string,
  saved: DraftValues,
  watch: UseFormWatch<V>,
  reset: (values: DraftValues) => void,
) {
  const draftKey = `edit-${articleId}`;
  const autosave = useAutosave({ email, key: () => draftKey });
  useWatchChanges(watch, autosave.change, articleId);
  const restored = useRestoredDraft(email, draftKey);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const resetRef = useLatest(reset);
  const savedRef = useLatest(saved);
  useEffect(() => {
    const draft = restored.data;
    if (!draft) return;
    const same = JSON.stringify(draft.fields) === JSON.stringify(draftFieldsOf(savedRef.current, articleId));
    if (same) return;
    resetRef.current(formValuesOf(draft.fields));
    setRestoredAt(draft.at);
  }, [restored.data, articleId, resetRef, savedRef]);

  return {
    autosave,
    /** When the changes brought back were made (null: none were). */
    restoredAt,
    /** Back to what the article holds; the draft goes. */
    discard: () => {
      void autosave.forget(draftKey);
      resetRef.current(savedRef.current);
      setRestoredAt(null);
    },
    /** The update was sent: the draft has become the article. */
    submitted: () => void autosave.forget(draftKey),
  };
}
