import { lazy, Suspense, useState } from 'react';
import { toast } from '@/lib/toast';
import { historyMessages as m } from './messages';

// The dialog and the diff library load when a history is first opened, never with the table.
const RevisionHistoryDialog = lazy(() => import('./RevisionHistoryDialog'));

/** A row's History: opens the article's versions (docs/decisions/revisions.md). */
export function HistoryButton({
  articleId,
  articleTitle,
  className = 'btn btn-outline px-3 py-1.5',
}: {
  articleId: string;
  articleTitle: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // Kept mounted once opened, so closing gives the focus back to this button (components/Modal.tsx).
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={m.buttonLabel(articleTitle)}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {m.button}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <RevisionHistoryDialog
            open={open}
            articleId={articleId}
            onClose={() => setOpen(false)}
            onRestored={(n) => toast.success(m.restored(n))}
          />
        </Suspense>
      )}
    </>
  );
}
