import {
  DECLINING_REASON_MAX,
  decliningReasonSchema,
  REVIEW_NOTE_MAX,
  reviewNoteSchema,
} from '@newsroom/common';
import { swal } from '@/lib/swal';

/** `datetime-local`'s value (the reader's own time zone) for a moment. */
const localInput = (at: Date) =>
  new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * When to publish, asked in a dialog in the reader's own time zone (a future time); the moment as an
 * ISO time, or null when cancelled.
 */
export async function askWhen(current?: string | null): Promise<string | null> {
  const soon = new Date(Date.now() + 60 * 60_000);
  const result = await swal.fire<string>({
    title: 'Schedule publication',
    input: 'datetime-local',
    inputLabel: 'Publish on (your time zone)',
    inputValue: localInput(current ? new Date(current) : soon),
    inputAttributes: { min: localInput(new Date()) },
    showCancelButton: true,
    confirmButtonText: 'Schedule',
    inputValidator: (value) => {
      const at = new Date(value);
      if (!value || Number.isNaN(at.getTime())) return 'Choose when to publish';
      return at.getTime() <= Date.now() ? 'Choose a time in the future' : undefined;
    },
  });
  return result.isConfirmed && result.value ? new Date(result.value).toISOString() : null;
}

/** What each way back to the writer asks for. */
const ASK = {
  decline: {
    title: 'Decline article',
    label: 'Reason for declining',
    placeholder: 'Tell the writer why this article is declined',
    max: DECLINING_REASON_MAX,
    confirm: 'Decline',
    schema: decliningReasonSchema,
  },
  changes: {
    title: 'Request changes',
    label: 'What should the writer change?',
    placeholder: 'The writer sees this note in My Articles',
    max: REVIEW_NOTE_MAX,
    confirm: 'Request changes',
    schema: reviewNoteSchema,
  },
} as const;

/** A way back to the writer: declined with a reason, or changes requested with a note. */
export type SendBack = keyof typeof ASK;

/** What the moderator tells the writer (a reason, a note), asked in a dialog; null when cancelled. */
export async function askWriter(how: SendBack): Promise<string | null> {
  const options = ASK[how];
  const result = await swal.fire<string>({
    title: options.title,
    input: 'textarea',
    inputLabel: options.label,
    inputPlaceholder: options.placeholder,
    inputAttributes: { maxlength: String(options.max) },
    showCancelButton: true,
    confirmButtonText: options.confirm,
    inputValidator: (value) => options.schema.safeParse(value).error?.issues[0]?.message,
  });
  return result.isConfirmed && result.value ? result.value.trim() : null;
}
