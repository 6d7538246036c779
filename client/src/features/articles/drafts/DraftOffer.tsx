import { useState } from 'react';
import { useDiscardDraft } from '@/lib/api/drafts';
import { formatDate } from '@/lib/format-date';
import { hasContent, localDrafts, removeLocalDraft, type LocalDraft } from './local-drafts';

/**
 * Add Article opened without a draft: the newest one this browser kept (a tab closed, a network
 * dropped) is offered back, to continue or discard.
 */
export function DraftOffer({ email, onContinue }: { email: string; onContinue: (key: string) => void }) {
  const discard = useDiscardDraft();
  const [offer, setOffer] = useState<LocalDraft | null>(
    () => localDrafts(email).find((d) => !d.fields.articleId && hasContent(d.fields)) ?? null,
  );
  if (!offer) return null;
  const title = offer.fields.title.trim();
  return (
    <section
      aria-label="Unsubmitted draft"
      data-testid="draft-offer"
      className="flex flex-wrap items-center gap-3 rounded-md border border-rule bg-surface px-4 py-3"
    >
      <p className="min-w-0 flex-1">
        You have an unsubmitted draft
        {title ? (
          <>
            {' '}
            — <strong>{title}</strong>
          </>
        ) : null}
        , last changed {formatDate(offer.changedAt, 'dateTime')}.
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setOffer(null);
            onContinue(offer.key);
          }}
        >
          Continue draft
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            removeLocalDraft(email, offer.key);
            discard.mutate(offer.key);
            setOffer(null);
          }}
        >
          Discard draft
        </button>
      </div>
    </section>
  );
}
