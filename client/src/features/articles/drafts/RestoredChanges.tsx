import { formatDate } from '@/lib/format-date';

/** The update dialog brought back changes never sent: said, with a way to drop them. */
export function RestoredChanges({ at, onDiscard }: { at: number; onDiscard: () => void }) {
  return (
    <div
      data-testid="draft-restored"
      className="flex flex-wrap items-center gap-2 rounded-md border border-rule bg-surface px-3 py-2 text-sm"
    >
      <p className="min-w-0 flex-1">Your unsent changes from {formatDate(at, 'dateTime')} are back.</p>
      <button type="button" className="btn btn-outline px-3 py-1" onClick={onDiscard}>
        Discard changes
      </button>
    </div>
  );
}
