import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { COMMENT_COUNTS_MAX } from '@newsroom/common/comment-limits';
import { call } from './call';
import { commentKeys } from './comment-keys';

/**
 * The comment counts of article cards (docs/decisions/comments.md): the cards do not carry them, so a
 * list asks GET /comments/counts once per page of cards, never once per card.
 */

/** GET /comments/counts?articles=id,… (public; up to COMMENT_COUNTS_MAX ids). */
export async function fetchCommentCounts(ids: readonly string[]): Promise<Record<string, number>> {
  const { counts } = await call('commentCounts', { query: { articles: ids.join(',') } });
  return counts;
}

const splitByMax = (ids: readonly string[]): string[][] => {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += COMMENT_COUNTS_MAX) out.push(ids.slice(i, i + COMMENT_COUNTS_MAX));
  return out;
};

/**
 * The groups of ids to ask for: the groups already asked for, plus the ids appended after them (a
 * "Load more" page) as new groups. A list that changed otherwise (another filter) starts over.
 * Answers `groups` itself when nothing changed.
 */
export function countGroups(groups: readonly string[][], ids: readonly string[]): readonly string[][] {
  const asked = groups.flat();
  const appended = asked.length <= ids.length && asked.every((id, i) => ids[i] === id);
  if (!appended) return splitByMax(ids);
  if (asked.length === ids.length) return groups;
  return [...groups, ...splitByMax(ids.slice(asked.length))];
}

const NONE: Record<string, number> = {};

/**
 * The comment count of each of `ids` (a list's cards, in order) once known. Each group of cards (a
 * page) is one request, cached on its own: "Load more" asks for the new page's counts only. Asked
 * for only when `enabled` (after hydration: the cards' first paint never waits for it); a failure
 * shows no count.
 */
export function useCommentCounts(ids: readonly string[], enabled: boolean): Record<string, number> {
  const queryClient = useQueryClient();
  const [groups, setGroups] = useState<readonly string[][]>(() => splitByMax(ids));
  const next = countGroups(groups, ids);
  if (next !== groups) setGroups(next);
  const counts = useQuery({
    queryKey: [...commentKeys.counts, 'list', ...next.map((group) => group.join(','))],
    queryFn: async () => {
      const answers = await Promise.all(
        next.map((group) =>
          queryClient.fetchQuery({
            queryKey: commentKeys.countsOf(group),
            queryFn: () => fetchCommentCounts(group),
          }),
        ),
      );
      return Object.assign({}, ...answers) as Record<string, number>;
    },
    enabled: enabled && ids.length > 0,
    placeholderData: (previous) => previous,
    meta: { errorToast: false },
  });
  return counts.data ?? NONE;
}
