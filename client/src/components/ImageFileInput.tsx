import { chosenFileLabel } from '@/lib/upload-image';
import type { FieldControlProps } from './Field';

interface ImageFileInputProps {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Text shown until a file is picked. */
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

/** The chooser's id and error wiring, from the control a <Field> hands its input. */
export const wiredTo = (control: FieldControlProps) => ({
  id: control.id,
  invalid: control['aria-invalid'],
  describedBy: control['aria-describedby'],
});

/**
 * A file chooser showing `placeholder` ('Choose A Photo') until an image is picked, then its
 * (shortened) name. The real input stays in the tab order (visually hidden), so it works by keyboard.
 * Pair it with a <label htmlFor={id}> naming the field.
 */
export function ImageFileInput({
  id,
  file,
  onChange,
  placeholder = 'Choose A Photo',
  invalid,
  describedBy,
  disabled,
}: ImageFileInputProps) {
  return (
    <div className="relative flex items-center gap-3 rounded-md border border-dashed border-rule bg-surface px-3 py-2 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30">
      <input
        id={id}
        type="file"
        accept="image/*"
        className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      <span aria-hidden="true" className="btn btn-outline pointer-events-none shrink-0 px-3 py-1.5">
        Browse
      </span>
      <span className="truncate text-sm text-ink" aria-live="polite">
        {chosenFileLabel(file, placeholder)}
      </span>
    </div>
  );
}
