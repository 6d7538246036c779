import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from '@/components/Field';

interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> {
  id: string;
  label: string;
  name: string;
  type?: 'email' | 'password';
  autoComplete: string;
  /** A red star after the label (the registration form checks the fields itself). */
  markRequired?: boolean;
  hint?: string;
  /** Said under the field (the login form's checks). */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text input of the login, registration and password-reset forms, with its label (and hint).
 * It takes what react-hook-form's register() gives (name, onChange, onBlur, ref) or plain props.
 */
export function AuthField({ id, label, markRequired, hint, error, ...input }: AuthFieldProps) {
  return (
    <Field id={id} label={label} markRequired={markRequired} hint={hint} error={error}>
      {(control) => <input {...control} {...input} className="input py-2.5" />}
    </Field>
  );
}
