import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { useAuth } from '@/lib/auth';
import { errorMessage, NETWORK_ERROR_MESSAGE } from '@/lib/error-message';
import { authMessages } from '../messages';
import { loginSchema, type LoginValues } from '../validation';
import { AuthField } from './AuthField';
import { GoogleButton } from './GoogleButton';
import { PasswordResetForm } from './PasswordResetForm';

/**
 * Firebase codes that are not about the email or the password: the reason is said as well. (Nothing
 * that would tell whether an account exists, such as a disabled account, is said.)
 */
const NOT_ABOUT_CREDENTIALS = new Set([
  'auth/network-request-failed',
  'auth/too-many-requests',
  'auth/internal-error',
]);

/** A closed or superseded Google popup is the user's own choice, not a failure to report. */
const POPUP_DISMISSED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request']);

const errorCode = (err: unknown) => (err as { code?: unknown } | null)?.code;

export function LoginForm() {
  const { signIn, signInWithGoogle } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const [error, setError] = useState('');
  /** Why the sign-in failed when it is not the email or password (offline, too many attempts). */
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [resetting, setResetting] = useState(false);

  const succeed = () => {
    toast.success(authMessages.loginSuccess, { duration: 1000 });
    navigate(from, { replace: true });
  };

  const onSubmit = async ({ email, password }: LoginValues) => {
    setError('');
    setReason('');
    setBusy(true);
    try {
      await signIn(email.trim(), password);
      succeed();
    } catch (err) {
      console.error(err);
      setError(authMessages.loginFailed);
      const code = errorCode(err);
      if (typeof code === 'string' && NOT_ABOUT_CREDENTIALS.has(code)) setReason(errorMessage(err));
      else if (!navigator.onLine) setReason(NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  const onGoogle = async () => {
    setError('');
    setReason('');
    try {
      await signInWithGoogle();
      succeed();
    } catch (err) {
      // Not a wrong password, so not 'Invalid email of password'; a dismissed popup is not said at all.
      console.error(err);
      const code = errorCode(err);
      if (typeof code !== 'string' || !POPUP_DISMISSED.has(code)) {
        toast.error(errorMessage(err, 'Google sign-in did not work, try again'));
      }
    }
  };

  if (resetting) {
    return (
      <PasswordResetForm
        initialEmail={getValues('email')}
        onDone={(typed) => {
          setValue('email', typed);
          setResetting(false);
        }}
      />
    );
  }

  return (
    <div className="space-y-6">
      <form method="post" onSubmit={handleSubmit(onSubmit)} className="space-y-4" noValidate={false}>
        <AuthField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <AuthField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="-mt-2 text-right">
          <button type="button" className="link text-sm" onClick={() => setResetting(true)}>
            Forgot password?
          </button>
        </div>
        {error && (
          <div role="alert" className="field-error">
            <p data-testid="login-error">{error}</p>
            {reason && <p data-testid="login-error-reason">{reason}</p>}
          </div>
        )}
        <button type="submit" className="btn btn-primary w-full py-2.5" disabled={busy}>
          {busy && <Spinner className="size-4" label="Signing in" />} Login
        </button>
      </form>
      <div className="flex items-center gap-3 text-xs tracking-widest text-muted uppercase">
        <span className="h-px flex-1 bg-rule" /> or <span className="h-px flex-1 bg-rule" />
      </div>
      <GoogleButton onClick={onGoogle} disabled={busy} />
      <p className="text-center text-sm text-muted">
        New to Newsroom?{' '}
        <Link to="/registration" className="link">
          Create an account
        </Link>
      </p>
    </div>
  );
}
