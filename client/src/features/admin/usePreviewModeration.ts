import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useApproveArticle, useDeclineArticle, useMakePremium, useRequestChanges } from '@/lib/api/admin';
import type { AdminArticle } from './types';

/**
 * The preview dialog's moderation calls and what the last one said, inside the dialog (a toast would
 * sit behind it): its success, or its refusal. Each answer goes to `onModerated` as well.
 */
export function usePreviewModeration(onModerated: (article: AdminArticle) => void) {
  const approve = useApproveArticle(false);
  const decline = useDeclineArticle(false);
  const requestChanges = useRequestChanges(false);
  const makePremium = useMakePremium(false);
  /** The answer of the last moderation here: newer than the row the dialog was opened from. */
  const [latest, setLatest] = useState<AdminArticle | null>(null);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState('');

  const clearOutcome = () => {
    setDone('');
    setFailure('');
  };

  /** Runs one moderation and says how it went; true when the server took it. */
  const act = async (action: () => Promise<AdminArticle>, said: string) => {
    clearOutcome();
    try {
      const updated = await action();
      setLatest(updated);
      setDone(said);
      onModerated(updated);
      return true;
    } catch (error) {
      setFailure(errorMessage(error));
      return false;
    }
  };

  return {
    approve,
    decline,
    requestChanges,
    makePremium,
    busy: approve.isPending || decline.isPending || requestChanges.isPending || makePremium.isPending,
    latest,
    done,
    failure,
    clearOutcome,
    act,
  };
}

export type PreviewModeration = ReturnType<typeof usePreviewModeration>;
