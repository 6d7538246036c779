import { REVISIONS_KEPT } from '@newsroom/common/limits';
import type { ArticleRevision } from '@newsroom/common';
import { useState } from 'react';
import { LoadError } from '@/components/LoadError';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { useArticleRevisions, useRestoreRevision } from '@/lib/api/revisions';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date';
import { historyMessages as m } from './messages';
import { TextDiff } from './TextDiff';

export interface RevisionHistoryDialogProps {
  open: boolean;
  articleId: string;
  onClose: () => void;
  /** After a restore: the dialog has closed, the article's queries are refreshing. */
  onRestored: (n: number) => void;
}

/**
 * An article's history (docs/decisions/revisions.md): its versions, newest first; the one chosen is
 * compared word by word with the current one (the newest), and may be restored once confirmed.
 * Loaded only when first opened (HistoryButton), with the diff library.
 */
export default function RevisionHistoryDialog({
  open,
  articleId,
  onClose,
  onRestored,
}: RevisionHistoryDialogProps) {
  const revisions = useArticleRevisions(articleId);
  const restore = useRestoreRevision();
  // The version before the current one, until another is chosen.
  const [chosen, setChosen] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);

  const list = revisions.data ?? [];
  const current = list[0];
  const selected = list.find((r) => r.n === chosen) ?? list[1];

  const choose = (n: number) => {
    setChosen(n);
    setConfirming(false);
    restore.reset();
  };
  const onRestore = async (n: number) => {
    try {
      await restore.mutateAsync({ id: articleId, n });
    } catch {
      return; // said below the button
    }
    setConfirming(false);
    setChosen(null);
    onClose();
    onRestored(n);
  };

  return (
    <Modal
      open={open}
      title={m.title}
      onClose={onClose}
      closeDisabled={restore.isPending}
      widthClass="max-w-4xl"
    >
      {revisions.isPending ? (
        <p className="flex items-center gap-2 text-muted">
          <Spinner className="size-5" label={m.loading} /> {m.loading}
        </p>
      ) : revisions.isError ? (
        <LoadError title={m.loadFailed} error={revisions.error} onRetry={() => revisions.refetch()} />
      ) : !current ? (
        <p>{m.empty}</p>
      ) : (
        <div className="grid gap-5 md:grid-cols-[16rem_1fr]">
          <VersionList list={list} current={current} selected={selected} onChoose={choose} />

          <section aria-labelledby="history-compared" aria-live="polite">
            {!selected ? (
              <p>{m.onlyOne}</p>
            ) : (
              <>
                <h3 id="history-compared" className="font-semibold">
                  {m.compared(selected.n, current.n)}
                </h3>
                <p className="mb-3 text-sm text-muted">{m.legend(selected.n)}</p>
                <Comparison earlier={selected} current={current} />
                <RestorePanel
                  n={selected.n}
                  confirming={confirming}
                  setConfirming={setConfirming}
                  restore={restore}
                  onRestore={onRestore}
                />
              </>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}

interface VersionListProps {
  list: ArticleRevision[];
  current: ArticleRevision;
  selected: ArticleRevision | undefined;
  onChoose: (n: number) => void;
}

/** The versions, newest first, each a toggle choosing it for the comparison. */
function VersionList({ list, current, selected, onChoose }: VersionListProps) {
  return (
    <section aria-labelledby="history-versions">
      <h3 id="history-versions" className="mb-2 font-semibold">
        {m.versions}
      </h3>
      <ol className="grid gap-1.5">
        {list.map((r) => (
          <li key={r.n}>
            <button
              type="button"
              className="w-full rounded border border-rule px-3 py-2 text-left hover:bg-surface-2 aria-pressed:border-accent aria-pressed:bg-surface-2"
              aria-pressed={selected?.n === r.n}
              onClick={() => onChoose(r.n)}
            >
              <span className="block font-semibold">
                {m.version(r.n)}
                {r === current && ` (${m.current})`}
              </span>
              <span className="block text-sm">
                <time dateTime={r.at}>{formatDate(r.at, 'dateTime')}</time>
              </span>
              <span className="block text-xs text-muted">
                {r.by.name || r.by.email} · {reasonOf(r)}
              </span>
            </button>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-muted">{m.kept(REVISIONS_KEPT)}</p>
    </section>
  );
}

interface RestorePanelProps {
  /** The version to restore. */
  n: number;
  confirming: boolean;
  setConfirming: (confirming: boolean) => void;
  restore: ReturnType<typeof useRestoreRevision>;
  onRestore: (n: number) => Promise<void>;
}

/** Restore, confirmed first; why it failed under it. */
function RestorePanel({ n, confirming, setConfirming, restore, onRestore }: RestorePanelProps) {
  return (
    <div className="mt-4 border-t border-rule pt-4">
      {confirming ? (
        <div role="group" aria-label={m.restore}>
          <p className="mb-3">{m.confirm(n)}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-primary"
              disabled={restore.isPending}
              onClick={() => void onRestore(n)}
            >
              {m.confirmYes}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              disabled={restore.isPending}
              onClick={() => setConfirming(false)}
            >
              {m.cancel}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
          {m.restore}
        </button>
      )}
      {restore.isError && (
        <p role="alert" className="mt-2 text-danger">
          {errorMessage(restore.error)}
        </p>
      )}
    </div>
  );
}

function reasonOf(r: ArticleRevision): string {
  return r.reason === 'restored' ? m.reason.restored(r.restoredFrom) : m.reason[r.reason];
}

/** Title and description word by word; publisher, tags and image when they differ. */
function Comparison({ earlier, current }: { earlier: ArticleRevision; current: ArticleRevision }) {
  const tags = (r: ArticleRevision) => r.Tags.join(', ');
  const same =
    earlier.articleTitle === current.articleTitle &&
    earlier.articleDescription === current.articleDescription &&
    earlier.publisher === current.publisher &&
    tags(earlier) === tags(current) &&
    earlier.articleImage === current.articleImage;
  if (same) return <p>{m.same}</p>;
  return (
    <dl className="grid gap-3">
      <div>
        <dt className="text-sm font-semibold">{m.titleLabel}</dt>
        <dd className="text-lg">
          <TextDiff current={current.articleTitle} earlier={earlier.articleTitle} />
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold">{m.descriptionLabel}</dt>
        <dd className="max-h-[50vh] overflow-y-auto rounded border border-rule p-3">
          <TextDiff current={current.articleDescription} earlier={earlier.articleDescription} />
        </dd>
      </div>
      {earlier.publisher !== current.publisher && (
        <div>
          <dt className="text-sm font-semibold">{m.publisherLabel}</dt>
          <dd>
            <TextDiff current={current.publisher} earlier={earlier.publisher} />
          </dd>
        </div>
      )}
      {tags(earlier) !== tags(current) && (
        <div>
          <dt className="text-sm font-semibold">{m.tagsLabel}</dt>
          <dd>
            <TextDiff current={tags(current)} earlier={tags(earlier)} />
          </dd>
        </div>
      )}
      {earlier.articleImage !== current.articleImage && (
        <div>
          <dt className="text-sm font-semibold">{m.imageLabel}</dt>
          <dd className="flex items-center gap-3">
            <img src={earlier.articleImage} alt="" className="h-16 w-28 rounded object-cover" />
            {m.changedImage}
          </dd>
        </div>
      )}
    </dl>
  );
}
