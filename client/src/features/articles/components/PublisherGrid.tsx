import { LoadError } from '@/components/LoadError';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { usePublishers } from '@/lib/api/articles';
import { FollowButton } from './FollowButton';

export function PublisherGrid() {
  const publishers = usePublishers();
  if (publishers.isPending) {
    return (
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="card h-32 animate-pulse bg-surface-2" />
        ))}
      </div>
    );
  }
  if (publishers.isError) {
    return (
      <LoadError
        title="Publishers could not be loaded."
        error={publishers.error}
        onRetry={() => publishers.refetch()}
      />
    );
  }
  if (publishers.data.length === 0) {
    return <p className="text-muted">No publishers yet.</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="publisher-grid">
      {publishers.data.map((p) => (
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
}
