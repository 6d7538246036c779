import { Field } from '@/components/Field';

interface AuthFieldProps {
  id: string;
  label: string;
  name: string;
  type?: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  /** Native required (the login form lets the browser ask for empty fields). */
  required?: boolean;
  /** A red star after the label (the registration form checks the fields itself). */
  markRequired?: boolean;
  hint?: string;
}

/** A text input of the login and registration forms, with its label (and hint). */
export function AuthField({ id, label, markRequired, hint, onChange, ...input }: AuthFieldProps) {
  return (
    <Field id={id} label={label} markRequired={markRequired} hint={hint}>
      {(control) => (
        <input {...control} {...input} className="input py-2.5" onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}
