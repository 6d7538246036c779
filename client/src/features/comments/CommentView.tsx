import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Comment } from '@newsroom/common';
import { Avatar } from '@/components/Avatar';
import { DateTime } from '@/components/DateTime';
import { CommentForm } from './CommentForm';
import { CommentText } from './CommentText';
import { commentMessages as m } from './messages';

/** What the reader may do with the comments (the section gives it; signed out: nothing). */
export interface CommentActions {
  signedIn: boolean;
  /** The article's writer: pins one comment. */
  canPin: boolean;
  edit: (comment: Comment, body: string) => Promise<unknown>;
  remove: (comment: Comment) => void;
  setPinned: (comment: Comment, pinned: boolean) => void;
  report: (comment: Comment) => void;
  /** Opens the reply form under this top-level comment. */
  reply: (comment: Comment) => void;
}

const authorName = (c: Comment) => c.author?.name || m.formerReader;
const stillEditable = (c: Comment) => c.mine && !!c.editableUntil && Date.parse(c.editableUntil) > Date.now();

/** One action under a comment: its name says which comment it acts on. */
function Action({ label, name, onClick }: { label: string; name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-ghost min-h-10 px-2.5 py-1 text-muted hover:text-ink"
      aria-label={m.action(label, name)}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

/**
 * One comment: who (photo, name, the writer's badge), when (and "edited"), the text, and what the
 * reader may do with it. A removed one is a line saying so, kept for its replies.
 */
export function CommentView({ comment: c, actions }: { comment: Comment; actions: CommentActions }) {
  const [editing, setEditing] = useState(false);
  const nameId = useId();
  if (c.removed) {
    return (
      <p className="py-2 text-sm text-muted italic" data-testid="comment-removed">
        {m.removed}
      </p>
    );
  }
  const name = authorName(c);
  const topLevel = c.replyTo === null;
  const shown = !c.hidden && !c.pending;
  const badges: ReactNode[] = [];
  if (c.isWriter)
    badges.push(
      <span key="w" className="badge bg-accent-soft text-ink">
        {m.writer}
      </span>,
    );
  if (c.pending)
    badges.push(
      <span key="p" className="badge badge-premium">
        {m.heldBadge}
      </span>,
    );
  if (c.hidden)
    badges.push(
      <span key="h" className="badge bg-danger/15 text-ink">
        {m.hiddenBadge}
      </span>,
    );

  return (
    <article className="flex gap-3" aria-labelledby={nameId} data-testid="comment">
      <div className="size-9 shrink-0">
        <Avatar src={c.author?.photoURL} name={name} className="size-9" sizes="36px" />
      </div>
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <h3 id={nameId} className="font-sans text-sm font-semibold">
            {c.author?.writerId ? (
              <Link to={`/writers/${c.author.writerId}`} className="hover:text-accent hover:underline">
                {name}
              </Link>
            ) : (
              name
            )}
          </h3>
          {badges}
          <span className="text-muted">
            <DateTime value={c.createdAt} style="dateTime" />
            {c.edited && <> · {m.edited}</>}
          </span>
        </header>
        {c.pending && <p className="mt-1 text-xs text-muted">{m.held}</p>}
        {editing ? (
          <div className="mt-2">
            <CommentForm
              label={m.editLabel}
              submitLabel={m.save}
              busyLabel={m.saving}
              initial={c.body}
              autoFocus
              onSubmit={async (body) => {
                await actions.edit(c, body);
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
            />
          </div>
        ) : (
          <CommentText text={c.body} />
        )}
        {actions.signedIn && !editing && (
          <div className="mt-1 -ml-2.5 flex flex-wrap gap-x-1">
            {topLevel && shown && <Action label={m.reply} name={name} onClick={() => actions.reply(c)} />}
            {stillEditable(c) && <Action label={m.edit} name={name} onClick={() => setEditing(true)} />}
            {c.mine && <Action label={m.delete} name={name} onClick={() => actions.remove(c)} />}
            {actions.canPin && topLevel && shown && (
              <Action
                label={c.pinned ? m.unpin : m.pin}
                name={name}
                onClick={() => actions.setPinned(c, !c.pinned)}
              />
            )}
            {!c.mine && shown && <Action label={m.report} name={name} onClick={() => actions.report(c)} />}
          </div>
        )}
      </div>
    </article>
  );
}
