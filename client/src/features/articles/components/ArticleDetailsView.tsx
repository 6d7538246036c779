import { AxiosError } from 'axios';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { PremiumBadge } from '@/components/StatusBadge';
import { useDocumentTitle } from '@/components/usePageTitle';
import { isNeedPremium } from '@/lib/api-client';
import { useArticle, usePublishers, useRecordView } from '@/lib/api/articles';
import { useIdle } from '@/lib/use-idle';
import { useAuth } from '@/lib/auth';
import type { Meter } from '@newsroom/common';
import { articleMessages, meterMessages } from '../messages';
import type { Article } from '../types';
import { LockIcon } from '@/components/screen-icons';
import { FollowButton } from './FollowButton';
import { FullArticle } from './FullArticle';
import { GiftArticleButton } from './GiftArticleButton';
import { RelatedReading } from './RelatedReading';

/** A reader without premium on the metered paywall: how many of this month's free reads are used. */
function MeterLine({ meter }: { meter: Meter }) {
  return (
    <p
      className="card mt-6 flex flex-wrap items-center justify-between gap-3 p-4 text-sm"
      data-testid="meter-line"
    >
      <span>{meterMessages.line(meter.used, meter.limit)}</span>
      <Link to="/subscription" className="link font-semibold">
        {meterMessages.subscribe}
      </Link>
    </p>
  );
}

/**
 * A premium article for a reader without premium: what the server shares, plus a subscribe
 * call-to-action (and, when the meter is used up, that it is).
 */
function PremiumTeaser({ teaser, meter }: { teaser: Partial<Article>; meter?: Meter }) {
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
        {meter && (
          <p className="mx-auto mt-2 max-w-md font-semibold" data-testid="meter-used-up">
            {meterMessages.usedUp(meter.limit)}
          </p>
        )}
        <p className="mx-auto mt-2 max-w-md text-muted">{articleMessages.premiumTeaserText}</p>
        <Link to="/subscription" className="btn btn-primary mt-5 px-6">
          Subscribe now
        </Link>
      </div>
    </article>
  );
}

export function ArticleDetailsView({
  id,
  comments,
}: {
  id: string;
  /** Under the article the reader may read: its conversation (`ownArticle`: the reader wrote it). */
  comments?: (article: Article, ownArticle: boolean) => ReactNode;
}) {
  const { user, subscribed, isAdmin } = useAuth();
  // The publisher's id, for its Follow button (articles name their publisher): asked for once the
  // page is idle, after the article.
  const publishers = usePublishers(useIdle());
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
  // A premium article read on the meter: its view was refused before the read put it on the meter,
  // and counts now (once).
  const meteredRecount = useRef(false);
  const onMeter = !!article.data?.meter;
  useEffect(() => {
    if (!onMeter || !recordView.isError || meteredRecount.current) return;
    meteredRecount.current = true;
    mutate(id);
  }, [onMeter, recordView.isError, id, mutate]);
  const refusal = article.isError
    ? (article.error as AxiosError<{ teaser?: Partial<Article>; meter?: Meter }>).response?.data
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
          <PremiumTeaser teaser={refusal?.teaser ?? {}} meter={refusal?.meter} />
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
  // Gifting: premium readers, admins and the writer, of a premium article (the server decides too).
  const mayGift = a.isPremium === 'Yes' && (subscribed || isAdmin || ownArticle);
  return (
    <>
      <FullArticle
        article={a}
        notice={a.meter && <MeterLine meter={a.meter} />}
        publisherAction={
          publisher && (
            <FollowButton
              kind="publisher"
              target={{ id: publisher._id, name: publisher.publisherName, image: publisher.logo }}
            />
          )
        }
        writerAction={
          writerId &&
          !ownArticle && (
            <FollowButton
              kind="writer"
              target={{ id: writerId, name: a.userInfo.name, image: a.userInfo.image }}
            />
          )
        }
        actions={mayGift && <GiftArticleButton articleId={a._id} />}
      />
      {comments?.(a, ownArticle)}
      <RelatedReading articleId={id} />
    </>
  );
}
