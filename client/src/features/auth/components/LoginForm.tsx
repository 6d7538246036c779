import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { useAuth } from '@/lib/auth';
import { authMessages } from '../messages';
import { AuthField } from './AuthField';
import { GoogleButton } from './GoogleButton';

export function LoginForm() {
  const { signIn, signInWithGoogle } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const succeed = () => {
    toast.success(authMessages.loginSuccess, { duration: 1000 });
    navigate(from, { replace: true });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setBusy(true);
    try {
      await signIn(email.trim(), password);
      succeed();
    } catch (err) {
      console.error(err);
      setError(authMessages.loginFailed);
    } finally {
      setBusy(false);
    }
  };

  const onGoogle = async () => {
    setError('');
    try {
      await signInWithGoogle();
      succeed();
    } catch (err) {
      // A closed popup or an unreachable Google script is not a wrong password: logged only (SPEC §8).
      console.error(err);
    }
  };

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
        <AuthField
          id="login-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
        />
        <AuthField
          id="login-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        {error && (
          <p role="alert" className="field-error" data-testid="login-error">
            {error}
          </p>
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
