import { useState } from 'react';
import { LoadError } from '@/components/LoadError';
import { useAuth } from '@/lib/auth';
import { useIdle } from '@/lib/use-idle';
import { useApprovedArticles, usePublishers } from '@/lib/api/articles';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { articleMessages } from '../messages';
import type { TagOption } from '../tags';
import { ArticleCardGrid } from './ArticleCardGrid';
import { ArticleGridSkeleton } from './ArticleGridSkeleton';
import { TagSelect } from './TagSelect';
import { SearchIcon } from '@/components/screen-icons';

export function AllArticlesView() {
  const { subscribed, isAdmin } = useAuth();
  const [search, setSearch] = useState('');
  const [publisher, setPublisher] = useState('');
  const [tags, setTags] = useState<TagOption[]>([]);
  const debouncedSearch = useDebouncedValue(search);
  // The publisher menu's options are asked for once the page is idle, or when the reader reaches for it.
  const [reached, setReached] = useState(false);
  const publishers = usePublishers(useIdle() || reached);
  const articles = useApprovedArticles({
    search: debouncedSearch,
    publisher,
    tags: tags.map((t) => t.value),
  });

  const list = articles.data?.pages.flat() ?? [];

  return (
    <section className="container-page py-10">
      <header className="mb-8 border-b-2 border-ink pb-6">
        <p className="section-kicker">The archive</p>
        <h1 className="section-title mt-1">All Articles</h1>
        <p className="mt-2 max-w-2xl text-muted">
          Every approved story from our publishers. Search by headline, or narrow the list by publisher and
          topic.
        </p>
      </header>

      <form
        method="post"
        role="search"
        className="card mb-8 grid gap-4 p-4 md:grid-cols-[1.4fr_1fr_1.4fr]"
        onSubmit={(e) => e.preventDefault()}
      >
        <div>
          <label htmlFor="article-search" className="label">
            Search
          </label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
              aria-hidden="true"
            />
            <input
              id="article-search"
              type="search"
              className="input pl-9"
              placeholder="Search articles by title"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div>
          <label htmlFor="publisher-filter" className="label">
            Publisher
          </label>
          <select
            id="publisher-filter"
            className="input"
            value={publisher}
            onChange={(e) => setPublisher(e.target.value)}
            onFocus={() => setReached(true)}
            onPointerDown={() => setReached(true)}
          >
            <option value="">{articleMessages.allPublishers}</option>
            {publishers.data?.map((p) => (
              <option key={p._id} value={p.publisherName}>
                {p.publisherName}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="tag-filter" className="label">
            Tags
          </label>
          <TagSelect inputId="tag-filter" value={tags} onChange={setTags} />
        </div>
      </form>

      {articles.isPending ? (
        <ArticleGridSkeleton />
      ) : articles.isError ? (
        <LoadError
          title="We could not load the articles."
          error={articles.error}
          onRetry={() => articles.refetch()}
        />
      ) : list.length === 0 ? (
        <p className="card p-8 text-center text-muted" data-testid="no-articles">
          No articles match your search.
        </p>
      ) : (
        <>
          <p className="mb-4 text-sm text-muted" aria-live="polite">
            Showing {list.length} {list.length === 1 ? 'article' : 'articles'}
            {articles.hasNextPage ? ' · newest first' : ''}
          </p>
          <ArticleCardGrid
            articles={list}
            canReadPremium={subscribed || isAdmin}
            pages={articles}
            dimmed={articles.isFetching && !articles.isFetchingNextPage}
          />
        </>
      )}
    </section>
  );
}
