import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { Modal } from '@/components/Modal';
import { StatusBadge } from '@/components/StatusBadge';
import { formatDate } from '@/lib/format-date';
import { TableShell } from '@/components/TableShell';
import { useAuth } from '@/lib/auth';
import { confirmAction, swal } from '@/lib/swal';
import { useDeleteArticle, useMyArticles } from '@/lib/api/writer';
import { writerMessages as m } from './messages';
import { cutTitle } from './title';
import type { OwnArticle } from './types';
import { UpdateArticleForm } from './UpdateArticleForm';
import { HistoryButton } from '../history/HistoryButton';

/**
 * docs/product.md §2 "My articles": index, title, Details, Status, Premium, Update, History (its
 * versions: docs/decisions/revisions.md), Delete. An article a moderator sent back ('Changes
 * requested') shows their note under its status; Update resubmits it.
 */
export function MyArticlesTable() {
  const { user } = useAuth();
  const articles = useMyArticles(user?.email);
  const remove = useDeleteArticle();
  const [editing, setEditing] = useState<OwnArticle | null>(null);
  const [updating, setUpdating] = useState(false);

  const onDelete = async (article: OwnArticle) => {
    if (!(await confirmAction('Yes, delete it!'))) return;
    try {
      await remove.mutateAsync(article._id);
      void swal.fire({ icon: 'success', title: m.deleted, text: 'Your article has been deleted.' });
    } catch (error) {
      console.error(error);
    }
  };

  if (articles.isPending) return <FullScreenLoader label="Loading your articles" />;
  if (articles.isError) {
    return (
      <LoadError
        title="Your articles could not be loaded."
        error={articles.error}
        onRetry={() => articles.refetch()}
      />
    );
  }
  if (articles.data.length === 0) {
    return (
      <div className="card p-8 text-center">
        <p className="text-muted">You have not posted any articles yet.</p>
        <Link to="/add-articles" className="btn btn-primary mt-4">
          Add an article
        </Link>
      </div>
    );
  }

  return (
    <>
      <TableShell
        caption="My articles"
        columns={['#', 'Title', 'Details', 'Status', 'Premium', 'Update', 'History', 'Delete']}
        minWidthClass="sm:min-w-[760px]"
      >
        {articles.data.map((article, index) => (
          <MyArticleRow
            key={article._id}
            article={article}
            index={index}
            deleting={remove.isPending && remove.variables === article._id}
            onUpdate={() => setEditing(article)}
            onDelete={() => void onDelete(article)}
          />
        ))}
      </TableShell>

      <Modal
        open={editing !== null}
        title="Update Article"
        onClose={() => setEditing(null)}
        closeDisabled={updating}
      >
        {editing && (
          <UpdateArticleForm
            key={editing._id}
            article={editing}
            onBusyChange={setUpdating}
            onCancel={() => setEditing(null)}
            onUpdated={() => {
              setEditing(null);
              void swal.fire({ icon: 'success', title: m.updated, text: 'Your article has been updated.' });
            }}
          />
        )}
      </Modal>
    </>
  );
}

interface MyArticleRowProps {
  article: OwnArticle;
  index: number;
  /** Its delete is on its way. */
  deleting: boolean;
  onUpdate: () => void;
  onDelete: () => void;
}

/** One article of the table; a declined one cannot be updated. */
function MyArticleRow({ article, index, deleting, onUpdate, onDelete }: MyArticleRowProps) {
  return (
    <tr className="align-middle hover:bg-surface-2/60">
      <td className="px-4 py-3 text-muted" data-cell="index">
        {index + 1}
      </td>
      <th scope="row" className="px-4 py-3 font-semibold" title={article.articleTitle}>
        {cutTitle(article.articleTitle)}
      </th>
      <td className="px-4 py-3" data-actions>
        <Link
          to={`/article-details/${article._id}`}
          className="link"
          aria-label={`Details of ${article.articleTitle}`}
        >
          Details
        </Link>
      </td>
      <StatusCell article={article} />
      <td className="px-4 py-3" data-label="Premium">
        {article.isPremium === 'Yes' ? <span className="badge badge-premium">Yes</span> : 'No'}
      </td>
      <td className="px-4 py-3" data-actions>
        <button
          type="button"
          className="btn btn-outline px-3 py-1.5"
          disabled={article.status === 'Declined'}
          onClick={onUpdate}
          aria-label={`Update ${article.articleTitle}`}
        >
          Update
        </button>
      </td>
      <td className="px-4 py-3" data-actions>
        <HistoryButton articleId={article._id} articleTitle={article.articleTitle} />
      </td>
      <td className="px-4 py-3" data-actions>
        <button
          type="button"
          className="btn btn-danger px-3 py-1.5"
          onClick={onDelete}
          disabled={deleting}
          aria-label={`Delete ${article.articleTitle}`}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}

/** The status, and what goes with it: the declining reason, the publishing time, the editor's note. */
function StatusCell({ article }: { article: OwnArticle }) {
  return (
    <td className="px-4 py-3" data-label="Status">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={article.status} />
        {article.status === 'Declined' && (
          <button
            type="button"
            className="btn btn-outline px-2 py-1 text-xs"
            onClick={() => showDecliningReason(article)}
            aria-label={`See reason: ${article.articleTitle}`}
          >
            See reason
          </button>
        )}
      </div>
      {article.status === 'Scheduled' && article.publishAt && (
        <p className="mt-1 text-sm" data-testid="publish-at">
          Publishes {formatDate(article.publishAt, 'dateTime')}
        </p>
      )}
      {article.status === 'Changes requested' && article.reviewNote && (
        <p className="mt-1 max-w-[18rem] text-sm break-words" data-testid="review-note">
          <span className="font-semibold">Note from the editor:</span> {article.reviewNote}
          <span className="block text-xs text-muted">Update the article to send it back for review.</span>
        </p>
      )}
    </td>
  );
}

function showDecliningReason(article: OwnArticle) {
  void swal.fire({
    icon: 'info',
    title: 'Reason for declining',
    text: article.decliningReason || 'No reason was given.',
  });
}
