import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { chosenFileLabel, imageFileProblem, uploadImage } from '@/lib/upload-image';
import { sendVerificationEmail } from '@/lib/account-recovery';
import { isEmailFree, registerUser } from '@/lib/api/session';
import { authMessages } from '../messages';
import {
  REGISTRATION_FIELDS,
  registrationSchema,
  type CheckedRegistration,
  type RegistrationValues,
} from '../validation';
import { AuthField } from './AuthField';
import { ImageIcon } from '@/components/screen-icons';

export function RegistrationForm() {
  const { createUser, updateUserProfile, getIdToken } = useAuth();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<RegistrationValues, unknown, CheckedRegistration>({
    resolver: zodResolver(registrationSchema),
    defaultValues: { name: '', email: '', password: '', photo: null },
  });
  const photo = watch('photo');
  /** Why the photo cannot be used (too large, wrong type, the upload's failure), shown under it. */
  const [photoError, setPhotoError] = useState('');
  /** What the registration itself answered ('Email already registered', a failed call). */
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // One problem is said at a time: a missing (*) field before a password rule.
  const problem = REGISTRATION_FIELDS.map((field) => errors[field]?.message).find(Boolean);

  const onSubmit = async ({ name, email, password, photo }: CheckedRegistration) => {
    setError('');
    const photoProblem = imageFileProblem(photo);
    if (photoProblem) {
      setPhotoError(photoProblem);
      return;
    }
    setBusy(true);
    try {
      const address = email.trim();
      if (!(await isEmailFree(address))) {
        setError(authMessages.emailRegistered);
        return;
      }
      const photoURL = await uploadImage(photo, { onError: setPhotoError });
      if (!photoURL) {
        // Said under the photo field; everything typed stays.
        toast.error(authMessages.registrationFailed);
        return;
      }
      await createUser(address, password);
      await updateUserProfile(name.trim(), photoURL);
      await registerUser({ name: name.trim(), email: address, photoURL }, await getIdToken());
      // Proof of the address (it lets this account take over an older record with the same email);
      // not needed to read or post, so a failure here does not stop the registration.
      sendVerificationEmail().catch((err: unknown) => console.error(err));
      toast.success(authMessages.registrationSuccess, { duration: 1000 });
      navigate('/', { replace: true });
    } catch (err) {
      console.error(err);
      toast.error(authMessages.registrationFailed);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" onSubmit={handleSubmit(onSubmit)} className="space-y-4" noValidate>
      <AuthField id="reg-name" label="Name" markRequired autoComplete="name" {...register('name')} />
      <AuthField
        id="reg-email"
        label="Email"
        markRequired
        type="email"
        autoComplete="email"
        {...register('email')}
      />
      <RegistrationPhotoField
        photo={photo}
        error={photoError}
        onChange={(file) => {
          setValue('photo', file, { shouldValidate: isSubmitted });
          setPhotoError(file ? (imageFileProblem(file) ?? '') : '');
        }}
      />
      <AuthField
        id="reg-password"
        label="Password"
        markRequired
        hint="At least 6 characters, with a lowercase letter, an uppercase letter and a digit."
        type="password"
        autoComplete="new-password"
        {...register('password')}
      />
      {(problem || error) && (
        <p role="alert" className="field-error" data-testid="registration-error">
          {problem ?? error}
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

interface RegistrationPhotoFieldProps {
  photo: File | null;
  /** Why the photo cannot be used; shown under it. */
  error: string;
  onChange: (file: File | null) => void;
}

/** The required photo: a file input dressed as a field, showing the chosen file's name. */
function RegistrationPhotoField({ photo, error, onChange }: RegistrationPhotoFieldProps) {
  return (
    <div>
      <span className="label" id="reg-photo-label">
        Photo <span className="text-danger">*</span>
      </span>
      <label
        htmlFor="reg-photo"
        className="input flex cursor-pointer items-center gap-3 py-2.5 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30"
      >
        <ImageIcon className="size-5 shrink-0 text-muted" aria-hidden="true" />
        <span className={photo ? 'text-ink' : 'text-muted'} data-testid="photo-name">
          {chosenFileLabel(photo, 'Choose a photo')}
        </span>
        <input
          id="reg-photo"
          type="file"
          name="photo"
          accept="image/*"
          aria-labelledby="reg-photo-label"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reg-photo-error' : undefined}
          className="sr-only"
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </label>
      {error && (
        <p id="reg-photo-error" role="alert" className="field-error" data-testid="photo-error">
          {error}
        </p>
      )}
    </div>
  );
}
