import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { Spinner } from './Spinner';
import { AlertTriangleIcon } from '@/components/screen-icons';
import { RefreshIcon } from '@/components/icons';

interface LoadErrorProps {
  /** What could not be loaded, as a sentence ("Your articles could not be loaded."). */
  title: string;
  /** The failure; its plain-words reason is shown under the title. */
  error: unknown;
  /** Loads again (a query's refetch). */
  onRetry: () => Promise<unknown> | void;
  className?: string;
}

/** Shown where a list or a panel would be when its data failed to load: what, why, and "Try again". */
export function LoadError({ title, error, onRetry, className = '' }: LoadErrorProps) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div
      role="alert"
      className={`card flex flex-col items-center gap-3 p-6 text-center sm:p-8 ${className}`}
      data-testid="load-error"
    >
      <AlertTriangleIcon className="size-7 text-danger" aria-hidden="true" />
      <p className="font-semibold text-ink">{title}</p>
      <p className="max-w-md text-sm text-muted">{errorMessage(error)}</p>
      <button type="button" className="btn btn-outline" onClick={() => void retry()} disabled={retrying}>
        {retrying ? <Spinner className="size-4" label="Trying again" /> : <RefreshIcon aria-hidden="true" />}
        Try again
      </button>
    </div>
  );
}
