import {
  DECLINING_REASON_MAX,
  decliningReasonSchema,
  REVIEW_NOTE_MAX,
  reviewNoteSchema,
} from '@newsroom/common';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/Field';
import { Spinner } from '@/components/Spinner';
import type { ShownStatus } from '@/components/StatusBadge';
import { adminMessages as m } from './messages';
import type { AdminArticle } from './types';
import type { PreviewModeration } from './usePreviewModeration';

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

type SendBack = keyof typeof SEND_BACK;

interface FooterProps {
  /** The article as shown: the row, its full text and the last moderation's answer. */
  article: AdminArticle;
  status: ShownStatus;
  moderation: PreviewModeration;
}

/**
 * The preview's moderation: what the last action said, and the actions, or the form that sends the
 * article back to its writer in their place.
 */
export function PreviewModerationFooter({ article, status, moderation }: FooterProps) {
  const sendBack = useSendBackForm(article._id, moderation);
  return (
    <footer className="sticky bottom-0 -mx-5 -mb-5 grid gap-3 border-t border-rule bg-surface px-5 py-3">
      <p
        role="status"
        className={moderation.done ? 'text-sm font-semibold text-success' : 'sr-only'}
        data-testid="preview-done"
      >
        {moderation.done}
      </p>
      {moderation.failure && (
        <p role="alert" className="field-error">
          {moderation.failure}
        </p>
      )}
      {sendBack.sending ? (
        <SendBackForm how={sendBack.sending} form={sendBack} busy={moderation.busy} />
      ) : (
        <ModerationButtons
          article={article}
          status={status}
          moderation={moderation}
          onSendBack={sendBack.open}
        />
      )}
    </footer>
  );
}

/**
 * The form open to send the article back (declined with a reason, or changes with a note) and what is
 * typed in it, kept when the form is cancelled and opened again.
 */
function useSendBackForm(id: string, moderation: PreviewModeration) {
  const [sending, setSending] = useState<SendBack | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');

  const open = (how: SendBack) => {
    moderation.clearOutcome();
    setReasonError('');
    setSending(how);
  };

  const submit = async (e: FormEvent) => {
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
        ? () => moderation.decline.mutateAsync({ id, reason: text })
        : () => moderation.requestChanges.mutateAsync({ id, note: text });
    if (await moderation.act(send, form.done)) {
      setSending(null);
      setReason('');
    }
  };

  const edit = (value: string) => {
    setReason(value);
    if (value.trim()) setReasonError('');
  };

  return { sending, reason, reasonError, open, cancel: () => setSending(null), submit, edit };
}

function SendBackForm({
  how,
  form,
  busy,
}: {
  how: SendBack;
  form: ReturnType<typeof useSendBackForm>;
  busy: boolean;
}) {
  const asks = SEND_BACK[how];
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // The text field takes the focus when it opens (the button it replaces is gone).
  useEffect(() => {
    reasonRef.current?.focus();
  }, []);

  return (
    <form method="post" noValidate onSubmit={(e) => void form.submit(e)} className="grid gap-2">
      <Field label={asks.label} error={form.reasonError || undefined} markRequired>
        {(control) => (
          <textarea
            {...control}
            className="input min-h-20"
            maxLength={asks.max}
            placeholder={asks.placeholder}
            value={form.reason}
            onChange={(e) => form.edit(e.target.value)}
            ref={reasonRef}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={form.cancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="submit"
          className={how === 'decline' ? 'btn btn-danger' : 'btn btn-primary'}
          disabled={busy}
        >
          {busy && <Spinner className="size-4" label={asks.busy} />}
          {asks.submit}
        </button>
      </div>
    </form>
  );
}

/** Only a pending article can be approved or sent back; any but a declined one can be made premium. */
function ModerationButtons({
  article: a,
  status,
  moderation,
  onSendBack,
}: FooterProps & { onSendBack: (how: SendBack) => void }) {
  const { busy, act, approve, makePremium } = moderation;
  const pending = status === 'Pending';
  return (
    // Equal columns at phone width keep the actions in two lines under the text.
    <div className="grid grid-cols-3 gap-2 sm:flex sm:justify-end">
      <button
        type="button"
        className="btn btn-outline px-2 sm:px-4"
        disabled={!pending || busy}
        onClick={() => onSendBack('decline')}
      >
        Decline
      </button>
      <button
        type="button"
        className="btn btn-outline px-2 leading-tight sm:px-4"
        disabled={!pending || busy}
        onClick={() => onSendBack('changes')}
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
  );
}
