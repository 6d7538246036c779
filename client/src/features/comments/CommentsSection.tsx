import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Comment, CommentSort, CommentThread } from '@newsroom/common';
import { LoadError } from '@/components/LoadError';
import { LoadMore } from '@/components/LoadMore';
import { Spinner } from '@/components/Spinner';
import { isApiError, isNeedPremium } from '@/lib/http-error';
import {
  useComments,
  useDeleteComment,
  type GiftPass,
  useEditComment,
  usePinComment,
  usePostComment,
  useReportComment,
} from '@/lib/api/comments';
import { useAuth } from '@/lib/auth';
import { confirmAction } from '@/lib/swal';
import { toast } from '@/lib/toast';
import { CommentForm } from './CommentForm';
import { CommentThreadView } from './CommentThreadView';
import type { CommentActions } from './CommentView';
import { commentMessages as m } from './messages';
import { ReportDialog } from './ReportDialog';

export interface CommentsSectionProps {
  articleId: string;
  /** The reader is the article's writer: they may pin one comment. */
  isArticleWriter: boolean;
  /** A gift link the reader was let in by: they read a premium article's comments through it. */
  gift?: GiftPass;
}

const SORTS: [CommentSort, string][] = [
  ['newest', m.newest],
  ['oldest', m.oldest],
];

/** Every thread of the pages once (a comment posted meanwhile shifts the pages), the pinned one apart. */
function threadsOf(pages: { comments: CommentThread[] }[], pinned: CommentThread | null): CommentThread[] {
  const seen = new Set(pinned ? [pinned._id] : []);
  return pages
    .flatMap((p) => p.comments)
    .filter((t) => {
      if (seen.has(t._id)) return false;
      seen.add(t._id);
      return true;
    });
}

/**
 * The conversation under an article (docs/decisions/comments.md): its count, newest or oldest first,
 * the writer's pinned comment on top, a page at a time. Signed-in readers comment, reply, edit for a
 * while, delete, report; signed-out ones are asked to log in. A premium article the reader may not
 * read answers 402: then nothing shows, not even the count.
 */
export default function CommentsSection({ articleId, isArticleWriter, gift }: CommentsSectionProps) {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const [sort, setSort] = useState<CommentSort>('newest');
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [reporting, setReporting] = useState<Comment | null>(null);
  const comments = useComments(articleId, sort, email, gift);
  const post = usePostComment(articleId);
  const edit = useEditComment(articleId);
  const remove = useDeleteComment(articleId);
  const pin = usePinComment(articleId);
  const report = useReportComment(articleId);

  if (comments.isError) {
    const status = isApiError(comments.error) ? comments.error.response?.status : undefined;
    // Not theirs to read (402), or not open to comments (404: not approved): nothing to say.
    if (isNeedPremium(comments.error) || status === 404) return null;
  }

  const actions: CommentActions = {
    // A gift link reads the article and its comments; writing needs premium.
    signedIn: !!email && !gift,
    canPin: isArticleWriter,
    edit: (c, body) => edit.mutateAsync({ id: c._id, body }),
    remove: (c) =>
      void confirmAction(m.deleteConfirm).then((yes) => {
        if (yes) remove.mutate(c._id);
      }),
    setPinned: (c, pinned) => pin.mutate({ id: c._id, pinned }),
    report: setReporting,
    reply: (c) => setReplyingTo(c._id),
  };
  const threadView = (thread: CommentThread) => (
    <CommentThreadView
      thread={thread}
      actions={actions}
      replying={replyingTo === thread._id}
      postReply={(t, body) => post.mutateAsync({ body, replyTo: t._id })}
      closeReply={() => setReplyingTo(null)}
    />
  );
  const first = comments.data?.pages[0];
  const pinned = first?.pinned ?? null;
  const threads = threadsOf(comments.data?.pages ?? [], pinned);

  return (
    <section
      aria-labelledby="comments-title"
      className="container-page max-w-3xl border-t border-rule py-10"
      data-testid="comments"
    >
      <CommentsHeader count={first?.commentCount} sort={sort} onSort={setSort} />

      <CommentComposer
        gift={gift}
        signedIn={!!email}
        here={`/article-details/${articleId}`}
        post={(body) => post.mutateAsync({ body })}
      />

      {comments.isPending && (
        <p className="mt-8 flex justify-center">
          <Spinner label={m.loading} />
        </p>
      )}
      {comments.isError && (
        <div className="mt-8">
          <LoadError title={m.loadFailed} error={comments.error} onRetry={() => comments.refetch()} />
        </div>
      )}
      {first && (
        <>
          {pinned && (
            <div
              className="mt-8 rounded-lg border border-accent/60 bg-accent-soft/40 p-4"
              data-testid="pinned-comment"
            >
              <p className="section-kicker mb-3">{m.pinned}</p>
              {threadView(pinned)}
            </div>
          )}
          {threads.length === 0 && !pinned ? (
            <p className="mt-8 text-muted">{m.empty}</p>
          ) : (
            <ol className="mt-8 grid gap-8">
              {threads.map((thread) => (
                <li key={thread._id}>{threadView(thread)}</li>
              ))}
            </ol>
          )}
          <LoadMore pages={comments} label={m.more} />
        </>
      )}
      <ReportDialog
        comment={reporting}
        onClose={() => setReporting(null)}
        onReport={async (c, reason) => {
          await report.mutateAsync({ id: c._id, reason });
          toast.success(m.reported);
        }}
      />
    </section>
  );
}

interface CommentsHeaderProps {
  /** Unknown until the first page has come. */
  count: number | undefined;
  sort: CommentSort;
  onSort: (sort: CommentSort) => void;
}

/** The count as the section's title, and the newest/oldest toggle. */
function CommentsHeader({ count, sort, onSort }: CommentsHeaderProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h2 id="comments-title" className="section-title" data-testid="comments-count">
        {count !== undefined ? m.count(count) : 'Comments'}
      </h2>
      <div role="group" aria-label={m.sortLabel} className="flex gap-1">
        {SORTS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={sort === value}
            onClick={() => onSort(value)}
            className={`btn min-h-10 px-3 ${sort === value ? 'btn-primary' : 'btn-outline'}`}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}

interface CommentComposerProps {
  gift: GiftPass | undefined;
  signedIn: boolean;
  /** Where logging in comes back to. */
  here: string;
  post: (body: string) => Promise<unknown>;
}

/** The new comment's form for a signed-in reader; otherwise what would let them comment. */
function CommentComposer({ gift, signedIn, here, post }: CommentComposerProps) {
  return (
    <div className="mt-6">
      {gift ? (
        <p className="card flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
          <span className="text-muted">{m.giftHint}</span>
          <Link to="/subscription" className="btn btn-primary min-h-11 px-5">
            {m.subscribeToComment}
          </Link>
        </p>
      ) : signedIn ? (
        <CommentForm label={m.yourComment} submitLabel={m.post} busyLabel={m.posting} onSubmit={post} />
      ) : (
        <p className="card flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
          <span className="text-muted">{m.logInHint}</span>
          <Link to="/login" state={{ from: here }} className="btn btn-primary min-h-11 px-5">
            {m.logInToComment}
          </Link>
        </p>
      )}
    </div>
  );
}
