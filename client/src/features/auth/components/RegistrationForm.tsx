import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FiImage } from 'react-icons/fi';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { useAuth } from '@/lib/auth';
import { chosenFileLabel, uploadImage } from '@/lib/upload-image';
import { isEmailFree, registerUser } from '../api/register';
import { authMessages } from '../messages';
import { registrationProblem } from '../validation';
import { AuthField } from './AuthField';

export function RegistrationForm() {
  const { createUser, updateUserProfile, getIdToken } = useAuth();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const problem = registrationProblem({ name, email, password, photo });
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      const address = email.trim();
      if (!(await isEmailFree(address))) {
        setError(authMessages.emailRegistered);
        return;
      }
      const photoURL = await uploadImage(photo);
      if (!photoURL) throw new Error('Photo upload failed');
      await createUser(address, password);
      await updateUserProfile(name.trim(), photoURL);
      await registerUser({ name: name.trim(), email: address, photoURL }, await getIdToken());
      toast.success(authMessages.registrationSuccess, { duration: 1000 });
      navigate('/', { replace: true });
    } catch (err) {
      console.error(err);
      toast.error(authMessages.registrationFailed);
    } finally {
      setBusy(false);
    }
  };

  const photoLabel = chosenFileLabel(photo, 'Choose a photo');

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <AuthField
        id="reg-name"
        label="Name"
        markRequired
        name="name"
        autoComplete="name"
        value={name}
        onChange={setName}
      />
      <AuthField
        id="reg-email"
        label="Email"
        markRequired
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
      />
      <div>
        <span className="label" id="reg-photo-label">
          Photo <span className="text-danger">*</span>
        </span>
        <label
          htmlFor="reg-photo"
          className="input flex cursor-pointer items-center gap-3 py-2.5 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30"
        >
          <FiImage className="size-5 shrink-0 text-muted" aria-hidden="true" />
          <span className={photo ? 'text-ink' : 'text-muted'} data-testid="photo-name">
            {photoLabel}
          </span>
          <input
            id="reg-photo"
            type="file"
            name="photo"
            accept="image/*"
            aria-labelledby="reg-photo-label"
            className="sr-only"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
          />
        </label>
      </div>
      <AuthField
        id="reg-password"
        label="Password"
        markRequired
        hint="At least 6 characters, with a lowercase letter, an uppercase letter and a digit."
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      {error && (
        <p role="alert" className="field-error" data-testid="registration-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full py-2.5" disabled={busy}>
        {busy && <Spinner className="size-4" label="Registering" />} Register
      </button>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/login" className="link">
          Login
        </Link>
      </p>
    </form>
  );
}
