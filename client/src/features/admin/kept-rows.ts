import type { AdminArticle } from './types';

/** Rows this admin moderated in one view of the table (`view`: its filter, page and page size), each with its place. */
export interface KeptRows {
  view: string;
  rows: Map<string, { article: AdminArticle; index: number }>;
}

/**
 * The rows to show: the server's page, plus the rows this admin moderated in this view that have left
 * it (an approved article leaves the Pending view), back at their places with their new status, so the
 * table does not jump under the pointer (docs/decisions/moderation-order.md).
 */
export function withKeptRows(rows: AdminArticle[], kept: KeptRows['rows']): AdminArticle[] {
  const out = [...rows];
  const listed = new Set(rows.map((r) => r._id));
  const missing = [...kept.values()].filter(({ article }) => !listed.has(article._id));
  for (const { article, index } of missing.sort((x, y) => x.index - y.index)) {
    out.splice(Math.min(index, out.length), 0, article);
  }
  return out;
}
