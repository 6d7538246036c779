import { useState } from 'react';
import { withKeptRows, type KeptRows } from './kept-rows';
import type { AdminArticle } from './types';

/**
 * The rows of one view of the table (`view`: its filter, page and page size) with those this admin
 * just moderated kept in place (kept-rows.ts); a view of its own starts with none kept.
 */
export function useKeptRows(view: string, listed: AdminArticle[]) {
  const [kept, setKept] = useState<KeptRows>({ view, rows: new Map() });
  const keptRows =
    kept.view === view ? kept.rows : new Map<string, { article: AdminArticle; index: number }>();
  const shown = withKeptRows(listed, keptRows);

  /** Keeps a row this admin just moderated in place, with the server's answer. */
  const keep = (article: AdminArticle) => {
    const index = shown.findIndex((r) => r._id === article._id);
    if (index < 0) return;
    const rows = new Map(keptRows);
    rows.set(article._id, { article: { ...shown[index]!, ...article }, index });
    setKept({ view, rows });
  };
  const forget = (id: string) => {
    if (!keptRows.has(id)) return;
    const rows = new Map(keptRows);
    rows.delete(id);
    setKept({ view, rows });
  };

  return { shown, keep, forget };
}
