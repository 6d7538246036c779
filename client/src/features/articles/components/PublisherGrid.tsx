import { memo, useDeferredValue } from 'react';
import { LoadError } from '@/components/LoadError';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { usePublishers } from '@/lib/api/articles';
import { useIdle } from '@/lib/use-idle';
import { FollowButton } from './FollowButton';

type Publisher = NonNullable<ReturnType<typeof usePublishers>['data']>[number];

export function PublisherGrid() {
  // Below Home's fold: asked for once the page is idle.
  const publishers = usePublishers(useIdle());
  // The list arrives once the page is in use, and a query's answer re-renders at once, in one task:
  // the grid is drawn from a deferred copy instead, in the background, in slices that leave the page
  // responsive (the skeleton stays until it is done).
  const data = useDeferredValue(publishers.data);
  if (data)
    return data.length === 0 ? (
      <p className="text-muted">No publishers yet.</p>
    ) : (
      <PublisherList publishers={data} />
    );
  if (!publishers.isError) {
    return (
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="card h-32 animate-pulse bg-surface-2" />
        ))}
      </div>
    );
  }
  return (
    <LoadError
      title="Publishers could not be loaded."
      error={publishers.error}
      onRetry={() => publishers.refetch()}
    />
  );
}

const PublisherList = memo(function PublisherList({ publishers }: { publishers: Publisher[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="publisher-grid">
      {publishers.map((p) => (
        <li
          key={p._id}
          className="card flex flex-col items-center gap-3 p-5 text-center transition-shadow hover:shadow-md"
        >
          <ResponsiveImage
            src={p.logo}
            alt={`${p.publisherName} logo`}
            sizes="64px"
            width={400}
            height={400}
            className="size-16 rounded-full bg-surface-2 object-cover ring-1 ring-rule"
          />
          <span className="font-display text-sm font-bold">{p.publisherName}</span>
          {/* Signed-in readers only, after hydration: the server's markup of the grid stays as it was. */}
          <FollowButton kind="publisher" target={{ id: p._id, name: p.publisherName, image: p.logo }} />
        </li>
      ))}
    </ul>
  );
});
