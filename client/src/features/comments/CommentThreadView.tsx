import type { CommentThread } from '@newsroom/common';
import { CommentForm } from './CommentForm';
import { CommentView, type CommentActions } from './CommentView';
import { commentMessages as m } from './messages';

interface CommentThreadViewProps {
  thread: CommentThread;
  actions: CommentActions;
  /** The reply form is open under this comment. */
  replying: boolean;
  postReply: (thread: CommentThread, body: string) => Promise<unknown>;
  closeReply: () => void;
}

/** A top-level comment, its replies (one level, oldest first) and, when opened, the reply form. */
export function CommentThreadView({
  thread,
  actions,
  replying,
  postReply,
  closeReply,
}: CommentThreadViewProps) {
  const hidden = thread.replyCount - thread.replies.length;
  return (
    <>
      <CommentView comment={thread} actions={actions} />
      {(thread.replies.length > 0 || replying) && (
        <div className="mt-3 ml-4 border-l-2 border-rule pl-4 sm:ml-12">
          {thread.replies.length > 0 && (
            <ol className="grid gap-4">
              {thread.replies.map((reply) => (
                <li key={reply._id}>
                  <CommentView comment={reply} actions={actions} />
                </li>
              ))}
            </ol>
          )}
          {hidden > 0 && <p className="mt-2 text-sm text-muted">{m.moreReplies(hidden)}</p>}
          {replying && (
            <div className="mt-4">
              <CommentForm
                label={m.yourReply(thread.author?.name || m.formerReader)}
                submitLabel={m.postReply}
                busyLabel={m.posting}
                autoFocus
                onSubmit={async (body) => {
                  await postReply(thread, body);
                  closeReply();
                }}
                onCancel={closeReply}
              />
            </div>
          )}
        </div>
      )}
    </>
  );
}
