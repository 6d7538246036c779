import { useState } from 'react';
import { COMMENT_REPORT_REASONS, type Comment, type CommentReportReason } from '@newsroom/common';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { REPORT_REASON_LABELS } from '@/lib/comment-labels';
import { errorMessage } from '@/lib/error-message';
import { commentMessages as m } from './messages';

interface ReportDialogProps {
  /** The comment reported; null: closed. */
  comment: Comment | null;
  onClose: () => void;
  /** Sends the report; rejects with the server's refusal (shown in the dialog). */
  onReport: (comment: Comment, reason: CommentReportReason) => Promise<unknown>;
}

/** Report a comment to the moderators, with a reason from the short list. */
export function ReportDialog({ comment, onClose, onReport }: ReportDialogProps) {
  return (
    <Modal open={!!comment} title={m.reportTitle} onClose={onClose} widthClass="max-w-md">
      {/* Drawn anew for each comment: no reason or refusal carried over. */}
      {comment && <ReportForm key={comment._id} comment={comment} onClose={onClose} onReport={onReport} />}
    </Modal>
  );
}

function ReportForm({ comment, onClose, onReport }: ReportDialogProps & { comment: Comment }) {
  const [reason, setReason] = useState<CommentReportReason>('spam');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  return (
    <form
      method="post"
      className="grid gap-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setRefusal('');
        try {
          await onReport(comment, reason);
          onClose();
        } catch (error) {
          setRefusal(errorMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="label">{m.reportReason}</legend>
        {COMMENT_REPORT_REASONS.map((r) => (
          <label key={r} className="flex min-h-10 items-center gap-3 rounded-md px-2 hover:bg-surface-2">
            <input
              type="radio"
              name="reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
              className="size-4 accent-accent"
            />
            {REPORT_REASON_LABELS[r]}
          </label>
        ))}
      </fieldset>
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary min-h-11 px-5" disabled={busy}>
          {busy && <Spinner className="size-4" label={m.reportSend} />}
          {m.reportSend}
        </button>
        <button type="button" className="btn btn-outline min-h-11 px-5" onClick={onClose} disabled={busy}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}
