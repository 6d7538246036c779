import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { needsEmailVerification, sendVerificationEmail } from '@/lib/account-recovery';
import { Spinner } from './Spinner';
import { MailIcon } from '@/components/screen-icons';

const verificationMessages = {
  verificationSent: (email: string) => `Verification email sent to ${email}`,
  emailNotVerified: 'Email not verified',
} as const;

/**
 * "Email not verified — Resend" for an email/password account whose address is not proven yet.
 * Verification is not needed to read or post; it is what lets the account take over an older record
 * with the same email.
 */
export function EmailVerificationNotice({ className = '' }: { className?: string }) {
  const { user } = useAuth();
  const [needed, setNeeded] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let current = true;
    needsEmailVerification()
      .then((value) => current && setNeeded(value))
      .catch((error: unknown) => console.error(error));
    return () => {
      current = false;
    };
  }, [user?.uid]);

  if (!needed || !user?.email) return null;
  const email = user.email;

  const resend = async () => {
    setSending(true);
    try {
      await sendVerificationEmail();
      toast.success(verificationMessages.verificationSent(email));
    } catch (error) {
      console.error(error);
      toast.error(errorMessage(error), { duration: 6000 });
    } finally {
      setSending(false);
    }
  };

  return (
    <div
      className={`flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-premium/40 bg-premium-soft px-4 py-3 text-sm text-ink ${className}`}
      data-testid="email-not-verified"
    >
      <MailIcon className="size-5 shrink-0 text-premium" aria-hidden="true" />
      <p className="min-w-[12rem] flex-1">
        <strong className="font-semibold">{verificationMessages.emailNotVerified}</strong> — follow the link
        emailed to <span className="break-words">{email}</span> to prove the address is yours.
      </p>
      <button
        type="button"
        className="btn btn-outline px-3 py-1.5"
        onClick={() => void resend()}
        disabled={sending}
      >
        {sending && <Spinner className="size-4" label="Sending" />}
        Resend
      </button>
    </div>
  );
}
