import type { AutosaveState } from './useAutosave';

const TEXT: Record<Exclude<AutosaveState, 'idle' | 'refused'>, string> = {
  saving: 'Saving…',
  saved: 'Saved',
  retrying: 'Not saved — retrying',
};

/** Where a form says whether its draft is kept (read out politely, never stealing focus). */
export function AutosaveStatus({ state, refusal }: { state: AutosaveState; refusal: string }) {
  const text = state === 'idle' ? '' : state === 'refused' ? `Not saved: ${refusal}` : TEXT[state];
  const warn = state === 'retrying' || state === 'refused';
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="autosave-status"
      data-state={state}
      className={`min-h-5 text-sm ${warn ? 'font-semibold text-amber-800 dark:text-amber-300' : 'text-muted'}`}
    >
      {text}
    </p>
  );
}
