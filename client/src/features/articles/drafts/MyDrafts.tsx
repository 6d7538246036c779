import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { useDiscardDraft, useMyDrafts } from '@/lib/api/drafts';
import { formatDate } from '@/lib/format-date';
import { confirmAction } from '@/lib/swal';
import { hasContent, localDrafts, removeLocalDraft } from './local-drafts';

interface DraftRow {
  key: string;
  title: string;
  at: number;
  /** Only in this browser so far (the server never got it). */
  unsent: boolean;
}

/**
 * My Articles' drafts of new articles (docs/roles.md, "Drafts"), apart from the articles: the
 * server's, and any this browser kept that never reached it; continue or discard each. Nothing is
 * drawn when there are none, so the screen stays as the spec draws it.
 */
export function MyDrafts() {
  const { user } = useAuth();
  const email = user?.email ?? null;
  const drafts = useMyDrafts(email);
  const discard = useDiscardDraft();

  const rows = useMemo((): DraftRow[] => {
    if (!email) return [];
    const server = (drafts.data ?? [])
      .filter((d) => !d.articleId)
      .map((d) => ({ key: d.key, title: d.title, at: Date.parse(d.updatedAt), unsent: false }));
    const known = new Set(server.map((d) => d.key));
    const local = localDrafts(email)
      .filter((d) => !d.fields.articleId && !known.has(d.key) && hasContent(d.fields))
      .map((d) => ({ key: d.key, title: d.fields.title, at: d.changedAt, unsent: true }));
    return [...local, ...server].sort((a, b) => b.at - a.at);
  }, [email, drafts.data]);

  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="my-drafts-title" className="mb-8" data-testid="my-drafts">
      <h2 id="my-drafts-title" className="mb-3 text-lg font-semibold">
        Drafts
      </h2>
      <ul className="divide-y divide-rule rounded-md border border-rule">
        {rows.map((row) => (
          <li key={row.key} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{row.title.trim() || 'Untitled draft'}</p>
              <p className="text-sm text-muted">
                {row.unsent ? 'Kept in this browser' : 'Saved'} {formatDate(row.at, 'dateTime')}
              </p>
            </div>
            <Link
              to={`/add-articles?draft=${encodeURIComponent(row.key)}`}
              className="btn btn-primary px-3 py-1.5"
              aria-label={`Continue draft ${row.title.trim() || 'Untitled draft'}`}
            >
              Continue
            </Link>
            <button
              type="button"
              className="btn btn-outline px-3 py-1.5"
              aria-label={`Discard draft ${row.title.trim() || 'Untitled draft'}`}
              onClick={async () => {
                if (!(await confirmAction('Yes, discard it!'))) return;
                if (email) removeLocalDraft(email, row.key);
                discard.mutate(row.key);
              }}
            >
              Discard
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
