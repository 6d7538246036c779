import { AxiosError } from 'axios';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { PremiumBadge } from '@/components/StatusBadge';
import { ARTICLE_IMAGE_SIZES } from '@/lib/image-sizes';
import { useDocumentTitle } from '@/components/usePageTitle';
import { isNeedPremium } from '@/lib/api-client';
import { useArticle, usePublishers, useRecordView } from '@/lib/api/articles';
import { useAuth } from '@/lib/auth';
import { DateTime } from '@/components/DateTime';
import { articleMessages } from '../messages';
import type { Article } from '../types';
import { ArrowLeftIcon, EyeIcon, LockIcon } from '@/components/screen-icons';
import { FollowButton } from './FollowButton';
import { RelatedReading } from './RelatedReading';

/** A premium article for a reader without premium: what the server shares, plus a subscribe call-to-action. */
function PremiumTeaser({ teaser }: { teaser: Partial<Article> }) {
  return (
    <article className="container-page max-w-3xl py-10" data-testid="premium-teaser">
      <PremiumBadge />
      {teaser.publisher && <p className="section-kicker mt-4">{teaser.publisher}</p>}
      <h1 className="mt-2 font-display text-3xl leading-tight font-bold sm:text-4xl">
        {teaser.articleTitle ?? articleMessages.premiumTeaserTitle}
      </h1>
      {teaser.articleImage && (
        <ResponsiveImage
          src={teaser.articleImage}
          alt=""
          sizes="(min-width: 768px) 720px, 100vw"
          width={1600}
          height={900}
          priority
          className="mt-6 aspect-[16/9] w-full rounded-lg object-cover"
        />
      )}
      {teaser.articleDescription && (
        <div className="relative mt-6">
          <p className="font-display text-lg leading-relaxed whitespace-pre-line">
            {teaser.articleDescription.slice(0, 280)}…
          </p>
          <div className="pointer-events-none absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-paper to-transparent" />
        </div>
      )}
      <div className="card mt-8 p-6 text-center sm:p-8">
        <LockIcon className="mx-auto size-8 text-premium" aria-hidden="true" />
        <h2 className="mt-3 text-2xl font-bold">{articleMessages.premiumTeaserTitle}</h2>
        <p className="mx-auto mt-2 max-w-md text-muted">{articleMessages.premiumTeaserText}</p>
        <Link to="/subscription" className="btn btn-primary mt-5 px-6">
          Subscribe now
        </Link>
      </div>
    </article>
  );
}

/** The author's name, linked to their public page when the API names it (userInfo.writerId). */
function Byline({ article }: { article: Article }) {
  const name = article.userInfo?.name || 'Newsroom staff';
  const writerId = article.userInfo?.writerId;
  return (
    <span>
      By{' '}
      {writerId ? (
        <Link to={`/writers/${writerId}`} className="font-semibold text-ink underline underline-offset-4">
          {name}
        </Link>
      ) : (
        <span className="font-semibold text-ink">{name}</span>
      )}
    </span>
  );
}

export function ArticleDetailsView({ id }: { id: string }) {
  const { user } = useAuth();
  // The publisher's id, for its Follow button (articles name their publisher).
  const publishers = usePublishers();
  const recordView = useRecordView();
  const { mutate } = recordView;
  const recorded = useRef<string | null>(null);

  // Opening the article records a view (once per id), then the article is read with the fresh count.
  useEffect(() => {
    if (recorded.current === id) return;
    recorded.current = id;
    mutate(id);
  }, [id, mutate]);

  const article = useArticle(id, recordView.isSuccess || recordView.isError);
  const refusal = article.isError
    ? (article.error as AxiosError<{ teaser?: Partial<Article> }>).response?.data
    : undefined;
  // The tab shows the headline, as the page served to crawlers does.
  useDocumentTitle(
    article.data?.articleTitle ??
      refusal?.teaser?.articleTitle ??
      (article.isError ? 'Article Not Found | Newsroom' : null),
  );

  if (article.isError) {
    if (isNeedPremium(article.error)) {
      // 402 {needPremium, message, teaser: card of the article}
      return (
        <>
          <PremiumTeaser teaser={refusal?.teaser ?? {}} />
          <RelatedReading articleId={id} />
        </>
      );
    }
    const status = (article.error as AxiosError).response?.status;
    // No answer, a rate limit or a server failure says nothing about whether the article exists.
    if (status === undefined || status === 429 || status >= 500) {
      return (
        <section className="container-page max-w-3xl py-16">
          <LoadError
            title="The article could not be loaded."
            error={article.error}
            onRetry={() => article.refetch()}
          />
        </section>
      );
    }
    return (
      <section className="container-page max-w-3xl py-16 text-center">
        <h1 className="section-title">Article not found</h1>
        <p className="mt-2 text-muted">This article does not exist or is not available.</p>
        <Link to="/all-articles" className="btn btn-primary mt-6">
          Browse all articles
        </Link>
      </section>
    );
  }
  if (!article.data) return <FullScreenLoader label="Loading article" />;

  const a = article.data;
  const publisher = publishers.data?.find((p) => p.publisherName === a.publisher);
  const writerId = a.userInfo?.writerId;
  // The owner's view carries the author's e-mail: one cannot follow oneself.
  const ownArticle = !!user?.email && a.userInfo?.email === user.email;
  return (
    <>
      <article className="container-page max-w-4xl py-10" data-testid="article-details">
        <Link to="/all-articles" className="link inline-flex items-center gap-1 text-sm">
          <ArrowLeftIcon aria-hidden="true" /> All articles
        </Link>
        <header className="mt-6 border-b border-rule pb-6">
          <div className="flex flex-wrap items-center gap-3">
            <p className="section-kicker">{a.publisher}</p>
            {a.isPremium === 'Yes' && <PremiumBadge />}
            {publisher && (
              <FollowButton
                kind="publisher"
                target={{ id: publisher._id, name: publisher.publisherName, image: publisher.logo }}
              />
            )}
          </div>
          <h1 className="mt-3 font-display text-3xl leading-tight font-bold sm:text-5xl">{a.articleTitle}</h1>
          <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
            <span className="inline-flex items-center gap-2">
              {a.userInfo?.image && (
                <ResponsiveImage
                  src={a.userInfo.image}
                  alt=""
                  sizes="32px"
                  width={256}
                  height={256}
                  referrerPolicy="no-referrer"
                  className="size-8 rounded-full object-cover"
                />
              )}
              <Byline article={a} />
            </span>
            {writerId && !ownArticle && (
              <FollowButton
                kind="writer"
                target={{ id: writerId, name: a.userInfo.name, image: a.userInfo.image }}
              />
            )}
            <DateTime value={a.createdAt} />
            <span className="inline-flex items-center gap-1">
              <EyeIcon aria-hidden="true" />{' '}
              <span data-testid="details-view-count">{a.totalViewCount ?? 0}</span> views
            </span>
          </div>
        </header>
        <figure className="mt-8">
          {/* The page's largest paint: fetched first, never lazily. */}
          <ResponsiveImage
            src={a.articleImage}
            alt={a.articleTitle}
            sizes={ARTICLE_IMAGE_SIZES}
            width={1600}
            height={900}
            priority
            className="aspect-[16/9] w-full rounded-lg object-cover"
          />
        </figure>
        {/* Plain text with its line breaks; never injected as HTML. */}
        <div
          className="mx-auto mt-8 max-w-3xl font-display text-lg leading-relaxed whitespace-pre-line sm:text-xl"
          data-testid="article-body"
        >
          {a.articleDescription}
        </div>
        {a.Tags.length > 0 && (
          <ul
            className="mx-auto mt-10 flex max-w-3xl flex-wrap gap-2 border-t border-rule pt-6"
            aria-label="Tags"
          >
            {a.Tags.map((tag) => (
              <li key={tag} className="badge badge-tag capitalize">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </article>
      <RelatedReading articleId={id} />
    </>
  );
}
