import { LoadError } from '@/components/LoadError';
import { Modal } from '@/components/Modal';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { Spinner } from '@/components/Spinner';
import { displayStatus, PremiumBadge, StatusBadge, type ShownStatus } from '@/components/StatusBadge';
import { formatDate } from '@/lib/format-date';
import { useArticle } from '@/lib/api/articles';
import { PreviewModerationFooter } from './PreviewModerationFooter';
import type { AdminArticle } from './types';
import { usePreviewModeration } from './usePreviewModeration';

interface ArticlePreviewDialogProps {
  /** The row that was opened (null: closed). Shown at once; the full text loads behind it. */
  article: AdminArticle | null;
  onClose: () => void;
  /** The article as the server answered a moderation (the table keeps the row in place with it). */
  onModerated: (article: AdminArticle) => void;
  /** See Modal: the opened article's control when its row was drawn anew while the dialog was open. */
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * The moderator reads the whole article (text as plain text with its line breaks, never HTML) and
 * approves, declines with a reason, requests changes with a note, or makes it premium without leaving
 * the dialog. Results and
 * refusals are said inside the dialog: a toast or SweetAlert would sit behind it.
 */
export function ArticlePreviewDialog({
  article,
  onClose,
  onModerated,
  returnFocus,
}: ArticlePreviewDialogProps) {
  return (
    <Modal
      open={article !== null}
      title="Review article"
      onClose={onClose}
      widthClass="max-w-3xl"
      returnFocus={returnFocus}
    >
      {article && <PreviewBody key={article._id} listed={article} onModerated={onModerated} />}
    </Modal>
  );
}

function PreviewBody({
  listed,
  onModerated,
}: {
  listed: AdminArticle;
  onModerated: (article: AdminArticle) => void;
}) {
  const full = useArticle(listed._id, true);
  const moderation = usePreviewModeration(onModerated);
  const a = { ...listed, ...(full.data as Partial<AdminArticle> | undefined), ...moderation.latest };
  const status = displayStatus(a.status);

  return (
    <article className="grid gap-4" aria-busy={full.isFetching}>
      <PreviewHeader article={a} status={status} />

      <ResponsiveImage
        src={a.articleImage}
        alt={a.articleTitle}
        sizes="(min-width: 800px) 720px, 100vw"
        width={1600}
        height={900}
        loading="eager"
        className="aspect-[16/9] max-h-64 w-full rounded-md object-cover"
      />

      {a.Tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {a.Tags.map((tag) => (
            <li key={tag} className="badge badge-tag capitalize">
              {tag}
            </li>
          ))}
        </ul>
      )}

      <FullText full={full} />

      <PreviewModerationFooter article={a} status={status} moderation={moderation} />
    </article>
  );
}

/** Title, publisher, author and date, and where the article stands with what the writer was told. */
function PreviewHeader({ article: a, status }: { article: AdminArticle; status: ShownStatus }) {
  return (
    <header className="grid gap-2">
      <h3 className="font-display text-2xl leading-tight font-bold break-words" data-testid="preview-title">
        {a.articleTitle}
      </h3>
      <p className="text-sm text-muted">
        <span className="font-semibold text-ink">{a.publisher}</span> · by {a.userInfo.name || 'N/A'}
        {a.userInfo.email && <span className="break-all"> ({a.userInfo.email})</span>} ·{' '}
        {formatDate(a.createdAt)}
      </p>
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge status={a.status} data-testid="preview-status" />
        {a.isPremium === 'Yes' && <PremiumBadge />}
      </p>
      {status === 'Declined' && a.decliningReason && (
        <p className="text-sm break-words text-muted">Reason for declining: {a.decliningReason}</p>
      )}
      {status === 'Changes requested' && a.reviewNote && (
        <p className="text-sm break-words text-muted">Changes requested: {a.reviewNote}</p>
      )}
    </header>
  );
}

/** The article's text once loaded: plain text with its line breaks, never injected as HTML. */
function FullText({ full }: { full: ReturnType<typeof useArticle> }) {
  if (full.isError) {
    return (
      <LoadError
        title="The full text could not be loaded."
        error={full.error}
        onRetry={() => full.refetch()}
      />
    );
  }
  if (full.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted">
        <Spinner className="size-4" label="Loading the full text" /> Loading the full text…
      </p>
    );
  }
  return (
    <div className="font-display text-lg leading-relaxed whitespace-pre-line" data-testid="preview-body">
      {full.data.articleDescription}
    </div>
  );
}
