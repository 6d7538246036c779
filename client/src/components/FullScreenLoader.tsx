import { Spinner } from './Spinner';

/** Centered loader used by guards, lazy routes and screens waiting for their first data. */
export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center text-accent">
      <Spinner className="size-10" label={label} />
    </div>
  );
}
