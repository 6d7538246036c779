import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { COMMENT_MAX, editCommentBodySchema } from '@newsroom/common';
import { Field } from '@/components/Field';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/error-message';
import { commentMessages as m } from './messages';

interface CommentFormProps {
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the text (trimmed, line breaks kept); rejects with the server's refusal. */
  onSubmit: (body: string) => Promise<unknown>;
  initial?: string;
  /** Shows a Cancel button (a reply or an edit). */
  onCancel?: () => void;
  autoFocus?: boolean;
}

/**
 * A comment's text: the same schema as the server's (length, no control characters), a counter of
 * the shared limit, and every refusal of the server (a limit, a duplicate, a ban's reason) said under
 * the field. What was typed stays until it is posted.
 */
export function CommentForm({
  label,
  submitLabel,
  busyLabel,
  onSubmit,
  initial = '',
  onCancel,
  autoFocus = false,
}: CommentFormProps) {
  const [refusal, setRefusal] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(editCommentBodySchema), defaultValues: { body: initial } });
  const length = watch('body').length;

  const submit = async ({ body }: { body: string }) => {
    setRefusal('');
    try {
      await onSubmit(body);
      reset({ body: '' });
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(submit)}
      className="grid gap-2"
      aria-busy={isSubmitting}
    >
      <Field
        label={label}
        error={errors.body?.message ?? (refusal || undefined)}
        hint={
          <span className="flex flex-wrap justify-between gap-2">
            <span>{m.hint}</span>
            <span data-testid="comment-counter">{m.counter(length)}</span>
          </span>
        }
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={COMMENT_MAX}
            className="input min-h-24 resize-y text-base"
            // Opened by the reader's own click (Reply, Edit): the caret goes where they will type.
            autoFocus={autoFocus}
            {...register('body')}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary min-h-11 px-5" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" label={busyLabel} />}
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline min-h-11 px-5" onClick={onCancel}>
            {m.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
