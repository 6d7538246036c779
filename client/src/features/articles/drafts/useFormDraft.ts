import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { fetchDraft, type Draft, type DraftFields } from '@/lib/api/drafts';
import { readLocalDraft } from './local-drafts';

/** The article forms' values as a draft (anything may still be empty). */
export interface ArticleFormValues extends FieldValues {
  title?: string;
  description?: string;
  publisher?: string;
  formatedTags?: readonly string[];
}

export const draftFieldsOf = (values: ArticleFormValues, articleId: string | null): DraftFields => ({
  articleId,
  title: values.title ?? '',
  description: values.description ?? '',
  publisher: values.publisher ?? '',
  formatedTags: [...(values.formatedTags ?? [])],
});

/** Sends each change the writer makes (not a reset from a restored draft) to `change`. */
export function useWatchChanges<V extends ArticleFormValues>(
  watch: UseFormWatch<V>,
  change: (fields: DraftFields) => void,
  articleId: string | null,
) {
  useEffect(() => {
    const subscription = watch((values, info) => {
      if (info.name) change(draftFieldsOf(values as ArticleFormValues, articleId));
    });
    return () => subscription.unsubscribe();
  }, [watch, change, articleId]);
}

/** A draft's fields as the article forms' values (the forms' schema knows no other keys). */
export function formValuesOf(fields: DraftFields) {
  return {
    title: fields.title,
    description: fields.description,
    publisher: fields.publisher,
    formatedTags: fields.formatedTags,
  };
}

export interface RestoredDraft {
  fields: DraftFields;
  /** When it was last changed (the server's time, or this browser's for a copy the server lacks). */
  at: number;
}

/**
 * The draft `key` as it was left: this browser's copy when it holds changes the server never got,
 * else the server's (another device may have saved later), else whatever this browser kept.
 */
export function useRestoredDraft(email: string | null | undefined, key: string | null) {
  return useQuery({
    queryKey: ['private', 'draft', email ?? '', key ?? ''],
    enabled: !!email && !!key,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { errorToast: false },
    queryFn: async (): Promise<RestoredDraft | null> => {
      const local = readLocalDraft(email!, key!);
      if (local && !local.synced) return { fields: local.fields, at: local.changedAt };
      const server: Draft | null = await fetchDraft(key!).catch(() => null);
      if (server) {
        return {
          fields: {
            articleId: server.articleId,
            title: server.title,
            description: server.description,
            publisher: server.publisher,
            formatedTags: server.formatedTags,
          },
          at: Date.parse(server.updatedAt),
        };
      }
      return local ? { fields: local.fields, at: local.changedAt } : null;
    },
  });
}
