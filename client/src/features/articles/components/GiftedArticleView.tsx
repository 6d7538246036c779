import type { ReactNode } from 'react';
import { AxiosError } from 'axios';
import { Link } from 'react-router-dom';
import { DateTime } from '@/components/DateTime';
import { LoadError } from '@/components/LoadError';
import { useDocumentTitle } from '@/components/usePageTitle';
import { useGiftRead, type GiftRead } from '@/lib/api/gifts';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/hydration';
import { giftMessages } from '../messages';
import type { Article } from '../types';
import { ArticleDetailsView } from './ArticleDetailsView';
import { FullArticle } from './FullArticle';
import { PublicArticleTeaser } from './PublicArticleTeaser';

/** "Gifted by …, subscribe to read more", and until when the gift reads. */
function GiftBanner({ gift }: { gift: GiftRead['gift'] }) {
  return (
    <aside
      className="card mt-6 flex flex-wrap items-center justify-between gap-3 p-4"
      data-testid="gift-banner"
    >
      <p>
        <span className="font-semibold">{giftMessages.giftedBy(gift.giftedBy)}</span>
        {gift.expiresAt && (
          <span className="block text-sm text-muted">
            Readable until <DateTime value={gift.expiresAt} />
          </span>
        )}
      </p>
      <Link to="/subscription" className="btn btn-primary">
        {giftMessages.subscribe}
      </Link>
    </aside>
  );
}

/**
 * An article opened through a gift link (`?gift=TOKEN`): the server's first screen (the teaser, as
 * every visitor and crawler gets) until the session is known, then the whole article when the link
 * lets this reader in. A link that does not (revoked, expired, full, unknown) says so above what the
 * reader would see without it: the teaser, or for a signed-in reader their own view (their meter).
 */
export function GiftedArticleView({
  id,
  token,
  comments,
}: {
  id: string;
  token: string;
  /** The article's comments, read through the link (its readers read them too). */
  comments?: (gift: { token: string; readerKey?: string }) => ReactNode;
}) {
  const { user, loading, subscriptionLoading, adminLoading } = useAuth();
  const hydrated = useHydrated();
  const email = user?.email ?? null;
  // Opened once the session is known: a reader restoring their session is counted by their account.
  const settled = !loading && !(email && (subscriptionLoading || adminLoading));
  const read = useGiftRead(id, token, email, hydrated && settled);
  useDocumentTitle(read.data?.article.articleTitle ?? null);

  if (read.data) {
    return (
      <>
        <FullArticle article={read.data.article as Article} notice={<GiftBanner gift={read.data.gift} />} />
        {comments?.({ token, readerKey: read.data.readerKey ?? undefined })}
      </>
    );
  }
  if (read.isError) {
    const status = (read.error as AxiosError).response?.status;
    if (status !== 402 && status !== 404) {
      return (
        <section className="container-page max-w-3xl py-16">
          <LoadError
            title="The article could not be loaded."
            error={read.error}
            onRetry={() => read.refetch()}
          />
        </section>
      );
    }
    const message =
      status === 404
        ? giftMessages.notFound
        : ((read.error as AxiosError<{ message?: string }>).response?.data?.message ?? giftMessages.notFound);
    return (
      <>
        <p
          role="status"
          className="container-page card mt-6 max-w-3xl p-4 text-center"
          data-testid="gift-refused"
        >
          {message}
        </p>
        {email ? <ArticleDetailsView id={id} /> : <PublicArticleTeaser id={id} restoring={false} />}
      </>
    );
  }
  return <PublicArticleTeaser id={id} restoring={loading} />;
}
