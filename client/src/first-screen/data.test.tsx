import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NO_FILTER, queryKeys } from '@/lib/api/keys';
import type { Article } from '@/lib/api/types';
import { takeLiveResumePoint } from '@/features/live/resume-point';
import { revalidateFirstScreen, seedFirstScreen } from './data';

const card = (title: string) => ({ _id: title, articleTitle: title }) as unknown as Article;

function Titles({ fetchList }: { fetchList: () => Promise<Article[]> }) {
  const { data, isPending } = useQuery({
    queryKey: queryKeys.trending,
    queryFn: fetchList,
    staleTime: 30_000,
  });
  if (isPending) return <p>loading</p>;
  return <p>{data!.map((a) => a.articleTitle).join(', ')}</p>;
}

describe('the first screen data', () => {
  it('shows the server-drawn list at once, then, when the server read it before the staleTime, the API list read in the background', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const data = { trending: [card('Old story')], fetchedAt: Date.now() - 31_000 };
    seedFirstScreen(queryClient, data);
    revalidateFirstScreen(queryClient, data);
    let answer!: (list: Article[]) => void;
    const fetchList = vi.fn(() => new Promise<Article[]>((resolve) => (answer = resolve)));

    render(
      <QueryClientProvider client={queryClient}>
        <Titles fetchList={fetchList} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Old story')).toBeInTheDocument();
    expect(fetchList).toHaveBeenCalledTimes(1);
    answer([card('Just approved'), card('Old story')]);
    expect(await screen.findByText('Just approved, Old story')).toBeInTheDocument();
  });

  it('marks only the lists the page carried', () => {
    const queryClient = new QueryClient();
    const data = { approved: [card('A')], fetchedAt: Date.now() - 1 };
    seedFirstScreen(queryClient, data);
    revalidateFirstScreen(queryClient, data);
    expect(queryClient.getQueryState(queryKeys.approvedList(NO_FILTER))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.trending)).toBeUndefined();
  });

  it('leaves a list the server read within the staleTime at a known event position as it is (a clock far off counts as stale)', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const now = Date.now();
    const state = () => queryClient.getQueryState(queryKeys.approvedList(NO_FILTER))?.isInvalidated;
    const young = { approved: [card('A')], fetchedAt: now - 29_000, eventId: 'e1-7' };
    seedFirstScreen(queryClient, young);
    // The live stream resumes there: whatever changed after the read reaches the page that way.
    expect(takeLiveResumePoint()).toBe('e1-7');
    revalidateFirstScreen(queryClient, young, now);
    expect(state()).toBe(false);
    revalidateFirstScreen(queryClient, { ...young, fetchedAt: now + 3_600_000 }, now);
    expect(state()).toBe(true);
  });

  it('asks again for a young list read at no known event position: it may have missed a change', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const data = { approved: [card('A')], fetchedAt: Date.now() - 1 };
    seedFirstScreen(queryClient, data);
    expect(takeLiveResumePoint()).toBeNull();
    revalidateFirstScreen(queryClient, data);
    expect(queryClient.getQueryState(queryKeys.approvedList(NO_FILTER))?.isInvalidated).toBe(true);
  });
});
