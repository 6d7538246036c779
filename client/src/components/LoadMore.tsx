import { Spinner } from '@/components/Spinner';

/** What an infinite query (react-query's useInfiniteQuery) gives "Load more". */
export interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The next page of a list: shown while there is one, busy while it loads (a 44 px target). */
export function LoadMore({ pages, label = 'Load more' }: { pages: Pages; label?: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="mt-10 text-center">
      <button
        type="button"
        className="btn btn-outline min-h-11 px-8"
        onClick={() => void pages.fetchNextPage()}
        disabled={pages.isFetchingNextPage}
      >
        {pages.isFetchingNextPage && <Spinner className="size-4" label="Loading more" />} {label}
      </button>
    </div>
  );
}
