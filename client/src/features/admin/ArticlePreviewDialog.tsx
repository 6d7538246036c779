import {
  DECLINING_REASON_MAX,
  decliningReasonSchema,
  REVIEW_NOTE_MAX,
  reviewNoteSchema,
} from '@newsroom/common';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/Field';
import { LoadError } from '@/components/LoadError';
import { Modal } from '@/components/Modal';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { Spinner } from '@/components/Spinner';
import { displayStatus, PremiumBadge, StatusBadge } from '@/components/StatusBadge';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date';
import { useApproveArticle, useDeclineArticle, useMakePremium, useRequestChanges } from '@/lib/api/admin';
import { useArticle } from '@/lib/api/articles';
import { adminMessages as m } from './messages';
import type { AdminArticle } from './types';

interface ArticlePreviewDialogProps {
  /** The row that was opened (null: closed). Shown at once; the full text loads behind it. */
  article: AdminArticle | null;
  onClose: () => void;
  /** The article as the server answered a moderation (the table keeps the row in place with it). */
  onModerated: (article: AdminArticle) => void;
  /** See Modal: the opened article's control when its row was drawn anew while the dialog was open. */
  returnFocus?: () => HTMLElement | null | undefined;
}

/** The two ways back to the writer: what the form asks for and what it sends. */
const SEND_BACK = {
  decline: {
    label: 'Reason for declining',
    placeholder: 'Tell the writer why this article is declined',
    max: DECLINING_REASON_MAX,
    schema: decliningReasonSchema,
    submit: 'Decline article',
    busy: 'Declining',
    done: m.declined,
  },
  changes: {
    label: 'What should the writer change?',
    placeholder: 'The writer sees this note in My Articles',
    max: REVIEW_NOTE_MAX,
    schema: reviewNoteSchema,
    submit: 'Send back for changes',
    busy: 'Sending back',
    done: m.changesRequested,
  },
} as const;

/**
 * The moderator reads the whole article (text as plain text with its line breaks, never HTML) and
 * approves, declines with a reason, requests changes with a note, or makes it premium without leaving
 * the dialog. Results and
 * refusals are said inside the dialog: a toast or SweetAlert would sit behind it.
 */
export function ArticlePreviewDialog({
  article,
  onClose,
  onModerated,
  returnFocus,
}: ArticlePreviewDialogProps) {
  return (
    <Modal
      open={article !== null}
      title="Review article"
      onClose={onClose}
      widthClass="max-w-3xl"
      returnFocus={returnFocus}
    >
      {article && <PreviewBody key={article._id} listed={article} onModerated={onModerated} />}
    </Modal>
  );
}

function PreviewBody({
  listed,
  onModerated,
}: {
  listed: AdminArticle;
  onModerated: (article: AdminArticle) => void;
}) {
  const full = useArticle(listed._id, true);
  const approve = useApproveArticle(false);
  const decline = useDeclineArticle(false);
  const requestChanges = useRequestChanges(false);
  const makePremium = useMakePremium(false);
  /** The answer of the last moderation here: newer than the row the dialog was opened from. */
  const [latest, setLatest] = useState<AdminArticle | null>(null);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState('');
  /** The form open to send the article back: declined with a reason, or changes with a note. */
  const [sending, setSending] = useState<keyof typeof SEND_BACK | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // The text field takes the focus when it opens (the button it replaces is gone).
  useEffect(() => {
    if (sending) reasonRef.current?.focus();
  }, [sending]);

  const a = { ...listed, ...(full.data as Partial<AdminArticle> | undefined), ...latest };
  const status = displayStatus(a.status);
  const pending = status === 'Pending';
  const busy = approve.isPending || decline.isPending || requestChanges.isPending || makePremium.isPending;

  const act = async (action: () => Promise<AdminArticle>, said: string) => {
    setDone('');
    setFailure('');
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

  const onSendBack = async (e: FormEvent) => {
    e.preventDefault();
    if (!sending) return;
    const form = SEND_BACK[sending];
    const checked = form.schema.safeParse(reason);
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message ?? '');
      return;
    }
    const text = checked.data;
    const send =
      sending === 'decline'
        ? () => decline.mutateAsync({ id: a._id, reason: text })
        : () => requestChanges.mutateAsync({ id: a._id, note: text });
    if (await act(send, form.done)) {
      setSending(null);
      setReason('');
    }
  };
  const openSendBack = (how: keyof typeof SEND_BACK) => {
    setDone('');
    setFailure('');
    setReasonError('');
    setSending(how);
  };

  return (
    <article className="grid gap-4" aria-busy={full.isFetching}>
      <header className="grid gap-2">
        <h3 className="font-display text-2xl leading-tight font-bold break-words" data-testid="preview-title">
          {a.articleTitle}
        </h3>
        <p className="text-sm text-muted">
          <span className="font-semibold text-ink">{a.publisher}</span> · by {a.userInfo.name || 'N/A'}
          {a.userInfo.email && <span className="break-all"> ({a.userInfo.email})</span>} ·{' '}
          {formatDate(a.createdAt)}
        </p>
        <p className="flex flex-wrap items-center gap-2">
          <StatusBadge status={a.status} data-testid="preview-status" />
          {a.isPremium === 'Yes' && <PremiumBadge />}
        </p>
        {status === 'Declined' && a.decliningReason && (
          <p className="text-sm break-words text-muted">Reason for declining: {a.decliningReason}</p>
        )}
        {status === 'Changes requested' && a.reviewNote && (
          <p className="text-sm break-words text-muted">Changes requested: {a.reviewNote}</p>
        )}
      </header>

      <ResponsiveImage
        src={a.articleImage}
        alt={a.articleTitle}
        sizes="(min-width: 800px) 720px, 100vw"
        width={1600}
        height={900}
        loading="eager"
        className="aspect-[16/9] max-h-64 w-full rounded-md object-cover"
      />

      {a.Tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {a.Tags.map((tag) => (
            <li key={tag} className="badge badge-tag capitalize">
              {tag}
            </li>
          ))}
        </ul>
      )}

      {full.isError ? (
        <LoadError
          title="The full text could not be loaded."
          error={full.error}
          onRetry={() => full.refetch()}
        />
      ) : full.isPending ? (
        <p className="flex items-center gap-2 text-muted">
          <Spinner className="size-4" label="Loading the full text" /> Loading the full text…
        </p>
      ) : (
        // Plain text with its line breaks; never injected as HTML.
        <div className="font-display text-lg leading-relaxed whitespace-pre-line" data-testid="preview-body">
          {full.data.articleDescription}
        </div>
      )}

      <footer className="sticky bottom-0 -mx-5 -mb-5 grid gap-3 border-t border-rule bg-surface px-5 py-3">
        <p
          role="status"
          className={done ? 'text-sm font-semibold text-success' : 'sr-only'}
          data-testid="preview-done"
        >
          {done}
        </p>
        {failure && (
          <p role="alert" className="field-error">
            {failure}
          </p>
        )}
        {sending ? (
          <form method="post" noValidate onSubmit={(e) => void onSendBack(e)} className="grid gap-2">
            <Field label={SEND_BACK[sending].label} error={reasonError || undefined} markRequired>
              {(control) => (
                <textarea
                  {...control}
                  className="input min-h-20"
                  maxLength={SEND_BACK[sending].max}
                  placeholder={SEND_BACK[sending].placeholder}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    if (e.target.value.trim()) setReasonError('');
                  }}
                  ref={reasonRef}
                />
              )}
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => setSending(null)}
                disabled={busy}
              >
                Cancel
              </button>
              <button
                type="submit"
                className={sending === 'decline' ? 'btn btn-danger' : 'btn btn-primary'}
                disabled={busy}
              >
                {busy && <Spinner className="size-4" label={SEND_BACK[sending].busy} />}
                {SEND_BACK[sending].submit}
              </button>
            </div>
          </form>
        ) : (
          // Equal columns at phone width keep the actions in two lines under the text.
          <div className="grid grid-cols-3 gap-2 sm:flex sm:justify-end">
            <button
              type="button"
              className="btn btn-outline px-2 sm:px-4"
              disabled={!pending || busy}
              onClick={() => openSendBack('decline')}
            >
              Decline
            </button>
            <button
              type="button"
              className="btn btn-outline px-2 leading-tight sm:px-4"
              disabled={!pending || busy}
              onClick={() => openSendBack('changes')}
            >
              Request changes
            </button>
            {a.isPremium !== 'Yes' && (
              <button
                type="button"
                className="btn btn-outline px-2 leading-tight sm:px-4"
                disabled={status === 'Declined' || busy}
                onClick={() => void act(() => makePremium.mutateAsync(a._id), m.premium)}
              >
                {makePremium.isPending && <Spinner className="size-4" label="Making premium" />}
                Make Premium
              </button>
            )}
            <button
              type="button"
              className="btn btn-primary col-start-3 px-2 sm:px-4"
              disabled={!pending || busy}
              onClick={() => void act(() => approve.mutateAsync(a._id), m.approved)}
            >
              {approve.isPending && <Spinner className="size-4" label="Approving" />}
              Approve
            </button>
          </div>
        )}
      </footer>
    </article>
  );
}
