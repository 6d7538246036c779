import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Draft } from '@newsroom/common';
import { call } from './call';
import { queryKeys } from './keys';

/** A writer's drafts (docs/roles.md, "Drafts"): autosaved forms, private to their writer. */

export type { Draft };
/** What a save sends: the form as it stands (anything may still be empty). */
export interface DraftFields {
  articleId?: string | null;
  title: string;
  description: string;
  publisher: string;
  formatedTags: string[];
  photoURL?: string | null;
}

/** GET /me/drafts */
export const fetchDrafts = (): Promise<Draft[]> => call('myDrafts');

/** GET /me/drafts/{key}: null when there is none. */
export async function fetchDraft(key: string): Promise<Draft | null> {
  try {
    return await call('myDraft', { params: { key } });
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 404) return null;
    throw error;
  }
}

/** PUT /me/drafts/{key} */
export const saveDraft = (key: string, body: DraftFields): Promise<Draft> =>
  call('saveDraft', { params: { key }, body });

/** DELETE /me/drafts/{key}: a draft already gone counts as discarded. */
export async function discardDraft(key: string): Promise<void> {
  try {
    await call('discardDraft', { params: { key } });
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status !== 404) throw error;
  }
}

export const draftQueries = {
  mine: (email: string) =>
    queryOptions({ queryKey: queryKeys.myDraftsOf(email), queryFn: fetchDrafts, staleTime: 0 }),
};

export function useMyDrafts(email: string | null | undefined) {
  return useQuery({ ...draftQueries.mine(email ?? ''), enabled: !!email });
}

export function useDiscardDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: discardDraft,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.myDrafts }),
  });
}
