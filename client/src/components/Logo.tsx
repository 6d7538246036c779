import { Link } from 'react-router-dom';

/** The masthead wordmark. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to="/" className={`group inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="hidden size-9 place-items-center rounded-md bg-ink font-display text-xl font-bold text-paper min-[420px]:grid"
      >
        N
      </span>
      <span className="font-display text-xl font-bold tracking-tight text-ink sm:text-2xl">
        News<span className="text-accent">room</span>
      </span>
    </Link>
  );
}
