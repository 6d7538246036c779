import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/error-message';
import { requestPasswordReset } from '@/lib/account-recovery';
import { recoveryMessages } from '../messages';
import { AuthField } from './AuthField';

interface PasswordResetFormProps {
  /** What the login form's email field held. */
  initialEmail: string;
  /** Back to the login form, with the email typed here. */
  onDone: (email: string) => void;
}

/** "Forgot password?": emails a reset link; the answer never tells whether the account exists. */
export function PasswordResetForm({ initialEmail, onDone }: PasswordResetFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  // Keyboard and screen-reader users land on the new form, not on a button that vanished.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setSent(false);
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      console.error(err);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4" aria-labelledby="reset-heading">
      <h2 id="reset-heading" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
        Reset your password
      </h2>
      <p className="text-sm text-muted">
        Enter the email you signed up with and we will send you a link to choose a new password.
      </p>
      <AuthField
        id="reset-email"
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {sent && (
        <p role="status" className="rounded-md border border-rule bg-surface-2 p-3 text-sm text-ink">
          {recoveryMessages.passwordResetSent}
        </p>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full py-2.5" disabled={busy}>
        {busy && <Spinner className="size-4" label="Sending" />} Send reset link
      </button>
      <button type="button" className="btn btn-outline w-full py-2.5" onClick={() => onDone(email)}>
        Back to login
      </button>
    </form>
  );
}
