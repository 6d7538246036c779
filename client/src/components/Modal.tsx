import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** While true (e.g. submitting), Escape and the close button do nothing. */
  closeDisabled?: boolean;
  /** Tailwind max-width class of the panel. */
  widthClass?: string;
  /**
   * Where the focus goes on closing when the control that opened the dialog is gone (its list was
   * drawn anew meanwhile): the browser would leave it on the page's body.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * A modal dialog on the native <dialog> element: focus moves in and is trapped, the page behind is
 * inert, Escape closes. Close it before firing a SweetAlert (the dialog sits in the top layer).
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  closeDisabled = false,
  widthClass = 'max-w-2xl',
  returnFocus,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close(); // gives the focus back to the control that opened it, if still on the page
      if (!document.activeElement || document.activeElement === document.body) returnFocus?.()?.focus();
    }
  }, [open, returnFocus]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!closeDisabled) onClose();
      }}
      className={`m-auto w-[calc(100%-1.5rem)] ${widthClass} rounded-lg border border-rule bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/60`}
    >
      {open && (
        <div className="flex max-h-[calc(100dvh-3rem)] flex-col">
          <header className="flex items-center justify-between gap-4 border-b border-rule px-5 py-4">
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            <button
              type="button"
              className="btn btn-ghost px-2 py-1 text-xl leading-none"
              aria-label="Close"
              onClick={onClose}
              disabled={closeDisabled}
            >
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="overflow-y-auto px-5 py-5">{children}</div>
        </div>
      )}
    </dialog>
  );
}
