interface SpinnerProps {
  /** Tailwind size classes, e.g. 'size-4' inside a button. */
  className?: string;
  label?: string;
}

export function Spinner({ className = 'size-8', label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <span
        className={`${className} animate-spin rounded-full border-2 border-current border-t-transparent opacity-80`}
      />
    </span>
  );
}
