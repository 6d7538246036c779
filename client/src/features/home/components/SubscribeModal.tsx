import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { HOME_TIMINGS } from '../content';
import { CloseIcon } from '@/components/icons';

/** Remembered for the browser tab's visit, so the offer appears at most once per visit. */
export const SUBSCRIBE_MODAL_SEEN_KEY = 'newsroom:subscribe-modal-seen';

interface SubscribeModalProps {
  /** Signed-out and non-premium readers get the offer; premium readers and admins never do. */
  eligible: boolean;
}

export function SubscribeModal({ eligible }: SubscribeModalProps) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!eligible || sessionStorage.getItem(SUBSCRIBE_MODAL_SEEN_KEY)) return;
    const timer = setTimeout(() => {
      sessionStorage.setItem(SUBSCRIBE_MODAL_SEEN_KEY, '1');
      setOpen(true);
    }, HOME_TIMINGS.subscribeModalDelayMs);
    return () => clearTimeout(timer);
  }, [eligible]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="subscribe-modal-title"
      onClose={() => setOpen(false)}
      className="m-auto w-[min(92vw,32rem)] overflow-hidden rounded-xl border border-rule bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/60"
      data-testid="subscribe-modal"
    >
      <div className="relative bg-ink px-6 py-8 text-center text-paper">
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="absolute top-3 right-3 grid size-9 place-items-center rounded-full hover:bg-white/10"
          aria-label="Close"
        >
          <CloseIcon className="size-5" aria-hidden="true" />
        </button>
        <p className="text-xs font-semibold tracking-[0.25em] uppercase opacity-80">Newsroom Premium</p>
        <h2 id="subscribe-modal-title" className="mt-2 font-display text-3xl font-bold text-paper">
          Subscribe now
        </h2>
      </div>
      <div className="px-6 py-6 text-center">
        <p className="text-muted">
          Unlock every premium investigation, exclusive analysis and unlimited publishing. Plans start at just
          $1.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/subscription" className="btn btn-primary px-6" onClick={() => setOpen(false)}>
            See plans
          </Link>
          <button type="button" className="btn btn-outline px-6" onClick={() => setOpen(false)}>
            Maybe later
          </button>
        </div>
      </div>
    </dialog>
  );
}
