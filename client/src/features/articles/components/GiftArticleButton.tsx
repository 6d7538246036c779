import { useState } from 'react';
import { apiErrorMessage } from '@/lib/http-error';
import { giftUrl, useCreateGiftLink, useMyGiftLinks } from '@/lib/api/gifts';
import { useAuth } from '@/lib/auth';
import { giftMessages } from '../messages';

/**
 * "Gift this article" (docs/decisions/gift-links-and-meter.md): creates a link to this premium
 * article, then shows it with a copy button and how many links are left this month. The server
 * decides who may and how many; its refusal is shown here.
 */
export function GiftArticleButton({ articleId }: { articleId: string }) {
  const { user } = useAuth();
  const mine = useMyGiftLinks(user?.email);
  const create = useCreateGiftLink();
  const [copied, setCopied] = useState(false);
  const created = create.data;
  const left = created?.allowance.remainingThisMonth ?? mine.data?.allowance.remainingThisMonth;
  const url = created ? giftUrl(created.link) : null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, a refused permission): the link stays selectable in its field.
    }
  };

  return (
    <div className="mt-5 flex flex-col gap-3" data-testid="gift-article">
      {!url && (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn btn-outline"
            disabled={create.isPending || left === 0}
            onClick={() => create.mutate(articleId)}
          >
            {create.isPending ? giftMessages.creating : giftMessages.giftThis}
          </button>
          {left !== undefined && <span className="text-sm text-muted">{giftMessages.left(left)}</span>}
        </div>
      )}
      {create.isError && (
        <p role="alert" className="text-sm text-danger">
          {apiErrorMessage(create.error) ?? 'The gift link could not be created. Please try again.'}
        </p>
      )}
      {url && (
        <div className="card flex flex-col gap-2 p-4">
          <label className="text-sm font-semibold" htmlFor={`gift-link-${articleId}`}>
            {giftMessages.linkLabel}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={`gift-link-${articleId}`}
              className="input min-w-0 flex-1"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="btn btn-primary" onClick={() => void copy()}>
              {copied ? giftMessages.copied : giftMessages.copy}
            </button>
          </div>
          <p className="text-sm text-muted">{giftMessages.explain}</p>
          {left !== undefined && <p className="text-sm text-muted">{giftMessages.left(left)}</p>}
        </div>
      )}
    </div>
  );
}
