import { lazy, Suspense, useEffect, useState } from 'react';
import { useHydrated } from '@/lib/hydration';
import { whenIdle } from '@/lib/when-idle';
import type { TagSelectProps } from './TagSelectControl';

const TagSelectControl = lazy(() => import('./TagSelectControl'));

/**
 * The tags multi-select. react-select is a fifth of the all-articles page's code and its evaluation
 * and hydration were a long task on a phone, so the page (server-rendered, then hydrated) first shows
 * a stand-in drawn like the control, and the control comes in its own chunk once the page is the
 * app's and idle (or at once when the stand-in is focused: setting react-select up adds its styles to
 * the page, a long task of its own). The stand-in is a read-only field with the control's id (the
 * label names it) that says it is not ready yet; who focuses it keeps the focus on the control that
 * replaces it.
 */
export function TagSelect({ placeholder = 'Select tags...', ...props }: TagSelectProps) {
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(false);
  useEffect(() => (hydrated && !wanted ? whenIdle(() => setWanted(true)) : undefined), [hydrated, wanted]);
  const standIn = (
    <TagSelectStandIn inputId={props.inputId} placeholder={placeholder} onFocus={() => setWanted(true)} />
  );
  if (!hydrated || !wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <TagSelectControl {...props} placeholder={placeholder} />
    </Suspense>
  );
}

/** Drawn as react-select's control with our styles (TagSelectControl.tsx), so nothing moves at the swap. */
function TagSelectStandIn({
  inputId,
  placeholder,
  onFocus,
}: {
  inputId: string;
  placeholder: string;
  onFocus?: () => void;
}) {
  return (
    <div
      className="flex min-h-10 items-center rounded border border-rule bg-surface focus-within:ring-2 focus-within:ring-accent/40"
      data-testid="tag-select-standin"
    >
      <input
        id={inputId}
        readOnly
        aria-busy="true"
        aria-disabled="true"
        placeholder={placeholder}
        onFocus={onFocus}
        className="min-w-0 flex-1 cursor-progress bg-transparent px-2.5 py-0.5 text-base text-ink placeholder:text-muted focus:outline-none"
      />
      <span aria-hidden="true" className="my-2 w-px self-stretch bg-rule" />
      <svg aria-hidden="true" viewBox="0 0 20 20" className="m-2 size-5 text-muted" fill="currentColor">
        <path d="M4.516 7.548c0.436-0.446 1.043-0.481 1.576 0l3.908 3.747 3.908-3.747c0.533-0.481 1.141-0.446 1.574 0 0.436 0.445 0.408 1.197 0 1.615-0.406 0.418-4.695 4.502-4.695 4.502-0.217 0.223-0.502 0.335-0.787 0.335s-0.57-0.112-0.789-0.335c0 0-4.287-4.084-4.695-4.502s-0.436-1.17 0-1.615z" />
      </svg>
    </div>
  );
}
