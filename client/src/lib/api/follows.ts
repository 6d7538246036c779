import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  FollowKind,
  FollowState,
  ForYouPage,
  MyFollows,
  RelatedCard,
  WriterPage,
} from '@newsroom/common';
import { READER_PAGE_SIZE } from '@newsroom/common';
import { call } from './call';
import { queryKeys } from './keys';
import { invalidate, staleAfter } from './stale';

/**
 * What to read next (docs/decisions/follows-and-feed.md): follows, a writer's public page, the
 * reader's "For you" and the related reading under an article.
 */

/** Page size of a writer's articles and of "For you" (one of the API's page sizes). */
export const WRITER_PAGE_SIZE = READER_PAGE_SIZE;
export const FOR_YOU_PAGE_SIZE = READER_PAGE_SIZE;

/** POST (follow) or DELETE (unfollow) /follows/{publishers|writers}/{id}; idempotent both ways. */
export async function setFollowing(kind: FollowKind, id: string, follow: boolean): Promise<FollowState> {
  const params = { id };
  if (kind === 'publisher')
    return follow ? call('followPublisher', { params }) : call('unfollowPublisher', { params });
  return follow ? call('followWriter', { params }) : call('unfollowWriter', { params });
}

/** GET /me/follows */
export async function fetchMyFollows(): Promise<MyFollows> {
  return call('myFollows');
}

/** GET /writers/{id}?page&limit (public; never an e-mail). */
export async function fetchWriterPage(id: string, page: number): Promise<WriterPage> {
  return call('writerPage', { params: { id }, query: { page, limit: WRITER_PAGE_SIZE } });
}

/** GET /me/for-you?page&limit */
export async function fetchForYou(page: number): Promise<ForYouPage> {
  return call('forYou', { query: { page, limit: FOR_YOU_PAGE_SIZE } });
}

/** GET /articles/related/{id} (public): up to 4. */
export async function fetchRelatedArticles(id: string): Promise<RelatedCard[]> {
  return call('relatedArticles', { params: { id } });
}

/** Whether `follows` holds the publisher or writer `id`. */
export function isFollowing(follows: MyFollows | undefined, kind: FollowKind, id: string): boolean {
  const list = kind === 'publisher' ? follows?.publishers : follows?.writers;
  return !!list?.some((t) => t._id === id);
}

/** What is followed once `target` is (or is no longer): the optimistic guess until the server answers. */
function withFollow(follows: MyFollows, change: FollowChange): MyFollows {
  const { kind, target, follow } = change;
  if (kind === 'publisher') {
    const others = follows.publishers.filter((p) => p._id !== target.id);
    const added = { _id: target.id, publisherName: target.name, logo: target.image };
    return { ...follows, publishers: follow ? [added, ...others] : others };
  }
  const others = follows.writers.filter((w) => w._id !== target.id);
  const added = { _id: target.id, name: target.name, photoURL: target.image };
  return { ...follows, writers: follow ? [added, ...others] : others };
}

/** A publisher or writer as a Follow button names it. */
export interface FollowTarget {
  id: string;
  name: string;
  /** The publisher's logo or the writer's photo. */
  image: string;
}

export interface FollowChange {
  kind: FollowKind;
  target: FollowTarget;
  /** true: follow; false: unfollow. */
  follow: boolean;
}

export const followQueries = {
  /** Keyed by the signed-in email (the call answers for the session's user), so sign-out drops it. */
  mine: (email: string) => queryOptions({ queryKey: queryKeys.myFollowsOf(email), queryFn: fetchMyFollows }),
  writer: (id: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.writer(id),
      queryFn: ({ pageParam }) => fetchWriterPage(id, pageParam),
      initialPageParam: 1,
      getNextPageParam: (last: WriterPage) => (last.page < last.totalPages ? last.page + 1 : undefined),
    }),
  forYou: (email: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.forYouOf(email),
      queryFn: ({ pageParam }) => fetchForYou(pageParam),
      initialPageParam: 1,
      getNextPageParam: (last: ForYouPage) => (last.hasMore ? last.page + 1 : undefined),
    }),
  related: (id: string) =>
    queryOptions({
      queryKey: queryKeys.relatedTo(id),
      queryFn: () => fetchRelatedArticles(id),
      // Extra reading: when it fails the article is all there is, and nothing is said.
      meta: { errorToast: false },
    }),
};

export const useMyFollows = (email: string | null | undefined) =>
  useQuery({ ...followQueries.mine(email ?? ''), enabled: !!email });
export const useWriterPage = (id: string) => useInfiniteQuery(followQueries.writer(id));
export const useForYou = (email: string | null | undefined) =>
  useInfiniteQuery({ ...followQueries.forYou(email ?? ''), enabled: !!email });
export const useRelatedArticles = (id: string, enabled: boolean) =>
  useQuery({ ...followQueries.related(id), enabled });

/**
 * Follow or unfollow as the signed-in `email`: the button shows the change at once (the cached
 * follows are updated before the call) and goes back if the server refuses; the refusal is toasted
 * (lib/query-client.ts).
 */
export function useFollow(email: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.myFollowsOf(email);
  return useMutation({
    mutationFn: ({ kind, target, follow }: FollowChange) => setFollowing(kind, target.id, follow),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MyFollows>(key);
      queryClient.setQueryData<MyFollows>(key, (now) =>
        withFollow(now ?? { publishers: [], writers: [] }, change),
      );
      return { before };
    },
    onError: (_error, _change, context) => queryClient.setQueryData(key, context?.before),
    onSettled: (_data, _error, { kind, target }) =>
      invalidate(queryClient, staleAfter.followChanged(kind, target.id)),
  });
}
