import { useId, type ReactNode } from 'react';

/** What a field hands its control: the id its label points at and the ARIA links to its hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** Adds a red star after the label. */
  markRequired?: boolean;
  /** Shown under the control and linked to it; nothing is shown while it is empty. */
  error?: string;
  /** Marks the control invalid; defaults to "there is an error text" (some rules only mark the field). */
  invalid?: boolean;
  /** Help text under the control, linked to it. */
  hint?: ReactNode;
  /** A fixed id for the control (else one is generated). */
  id?: string;
  errorClassName?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form field: <label>, the control rendered by `children`, then its hint and error text. */
export function Field({
  label,
  markRequired = false,
  error,
  invalid = !!error,
  hint,
  id: fixedId,
  errorClassName = 'field-error',
  className,
  children,
}: FieldProps) {
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
        {markRequired && (
          <>
            {' '}
            <span className="text-danger">*</span>
          </>
        )}
      </label>
      {children({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {/* An alert: read out when it appears, and again with the field it describes. */}
      {error && (
        <p id={errorId} role="alert" className={errorClassName}>
          {error}
        </p>
      )}
    </div>
  );
}
