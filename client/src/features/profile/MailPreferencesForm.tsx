import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { DIGEST_FREQUENCIES, DIGEST_SCOPES, MailPreferencesInputSchema } from '@newsroom/common';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/Field';
import { LoadError } from '@/components/LoadError';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/error-message';
import { useMailPreferences, useSaveMailPreferences, type MailPreferences } from '@/lib/api/mail';
import { mailMessages as m } from './mail-messages';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The digest (double opt-in), its scope and hour, and the notices, validated as the server does. */
export function MailPreferencesForm() {
  const preferences = useMailPreferences();
  if (preferences.isPending) return <Spinner label="Loading your mail preferences" />;
  if (preferences.isError)
    return (
      <LoadError
        title="Your mail preferences could not be loaded."
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
      />
    );
  return <PreferencesForm initial={preferences.data} />;
}

function PreferencesForm({ initial }: { initial: MailPreferences }) {
  const save = useSaveMailPreferences();
  const [status, setStatus] = useState<MailPreferences>(initial);
  const [formError, setFormError] = useState('');
  const { register, handleSubmit, watch } = useForm({
    resolver: zodResolver(MailPreferencesInputSchema),
    defaultValues: {
      digest: initial.digest,
      scope: initial.scope,
      hour: initial.hour,
      notices: initial.notices,
    },
  });
  const digestOn = watch('digest') !== 'off';

  const onSubmit = handleSubmit(async (input) => {
    setFormError('');
    try {
      setStatus(await save.mutateAsync(input));
    } catch (error) {
      setFormError(errorMessage(error));
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="card grid max-w-2xl gap-5 p-5 sm:p-8">
      <Field label={m.digest}>
        {(control) => (
          <select {...control} className="input" {...register('digest')}>
            {DIGEST_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {m.digestOptions[f]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={m.scope}>
        {(control) => (
          <select {...control} className="input" disabled={!digestOn} {...register('scope')}>
            {DIGEST_SCOPES.map((s) => (
              <option key={s} value={s}>
                {m.scopeOptions[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={m.hour}>
        {(control) => (
          <select
            {...control}
            className="input"
            disabled={!digestOn}
            {...register('hour', { valueAsNumber: true })}
          >
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {String(h).padStart(2, '0')}:00
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="flex items-start gap-3">
        <input type="checkbox" className="mt-1" {...register('notices')} />
        <span>{m.notices}</span>
      </label>
      <p role="status" className="text-muted">
        {status.pendingConfirmation
          ? m.confirmSent
          : status.confirmed && status.digest !== 'off'
            ? m.confirmed
            : ''}
        {save.isSuccess && !status.pendingConfirmation ? ` ${m.saved}.` : ''}
      </p>
      {formError && (
        <p role="alert" className="field-error">
          {formError}
        </p>
      )}
      <button type="submit" className="btn btn-primary justify-self-start px-6" disabled={save.isPending}>
        {save.isPending && <Spinner className="size-4" label="Saving" />}
        {m.save}
      </button>
    </form>
  );
}
