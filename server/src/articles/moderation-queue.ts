import type { ArticleRepository } from './repository.js';
import { MODERATION_STATUSES, type ModerationCounts, type ModerationStatus } from '@newsroom/common';
import { LIST_DESCRIPTION_LENGTH, type Article } from './types.js';

/** The stored statuses behind each filter ('Accepted' is never produced; it reads as Approved). */
const PARTS: Record<ModerationStatus, readonly string[]> = {
  Pending: ['Pending'],
  Approved: ['Approved', 'Accepted'],
  Declined: ['Declined'],
  'Changes requested': ['Changes requested'],
  Scheduled: ['Scheduled'],
};
/**
 * The unfiltered table: what waits for a decision first, then everything decided (or back with its
 * writer), newest first.
 */
const ALL_IN_ORDER = [
  ['Pending'],
  ['Approved', 'Accepted', 'Declined', 'Changes requested', 'Scheduled'],
] as const;

/**
 * The admin's moderation table (docs/decisions/moderation-order.md): counts come from the status
 * index, and a page walks the {status, createdAt} index part by part, so it costs its offset only.
 */
export function createModerationQueue(repo: ArticleRepository) {
  const size = async (statuses: readonly string[]) =>
    (await Promise.all(statuses.map((s) => repo.countWithStatus(s)))).reduce((n, c) => n + c, 0);

  return {
    /** GET /all-articles/counts: how many articles wait for moderation, and the others. */
    async counts(): Promise<ModerationCounts> {
      const [Pending, Approved, Declined, changesRequested, Scheduled] = await Promise.all(
        MODERATION_STATUSES.map((status) => size(PARTS[status])),
      );
      return {
        Pending: Pending!,
        Approved: Approved!,
        Declined: Declined!,
        'Changes requested': changesRequested!,
        Scheduled: Scheduled!,
        total: Pending! + Approved! + Declined! + changesRequested! + Scheduled!,
      };
    },

    /**
     * GET /all-articles/data: one status newest first, or (no status) every article with the Pending
     * ones first, each part newest first. Descriptions are cut like the lists'.
     */
    async page(
      page: number,
      limit: number,
      status?: ModerationStatus,
    ): Promise<{ articles: Article[]; totalPages: number }> {
      const parts = status ? [PARTS[status]] : [...ALL_IN_ORDER];
      const sizes = await Promise.all(parts.map(size));
      // Walk the parts in order, taking from each what falls on the page.
      const rows: Article[] = [];
      let skip = (page - 1) * limit;
      for (const [i, statuses] of parts.entries()) {
        if (rows.length >= limit) break;
        if (skip >= sizes[i]!) {
          skip -= sizes[i]!;
          continue;
        }
        rows.push(...(await repo.newestWithStatus(statuses, skip, limit - rows.length)));
        skip = 0;
      }
      const total = sizes.reduce((n, c) => n + c, 0);
      return {
        articles: rows.map((a) => ({
          ...a,
          articleDescription: (a.articleDescription ?? '').slice(0, LIST_DESCRIPTION_LENGTH),
        })),
        totalPages: Math.ceil(total / limit),
      };
    },
  };
}
