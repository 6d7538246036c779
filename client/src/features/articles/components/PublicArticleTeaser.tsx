import { AxiosError } from 'axios';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { PremiumBadge } from '@/components/StatusBadge';
import { useDocumentTitle } from '@/components/usePageTitle';
import { usePublicArticle } from '@/lib/api/articles';
import { DateTime } from '@/components/DateTime';
import { articleMessages } from '../messages';
import type { ArticleTeaser } from '../types';
import { ArrowLeftIcon, LockIcon } from '@/components/screen-icons';
import { ArticleImage } from './ArticleImage';
import { Byline } from './Byline';
import { RelatedReading } from './RelatedReading';

const TEASER_LENGTH = 300;

/**
 * An article for a visitor without a session: headline, image, publisher, date and the teaser, with
 * a sign-in call to action (premium ones: subscribe). While the session is being restored
 * (`restoring`) the same teaser shows, and a 404 waits: it may be the signed-in owner's pending article.
 */
export function PublicArticleTeaser({
  id,
  restoring,
  comments,
}: {
  id: string;
  restoring: boolean;
  /** Under a free article: its conversation, which signed-out visitors may read. */
  comments?: (article: ArticleTeaser) => ReactNode;
}) {
  const teaser = usePublicArticle(id);
  const notFound = teaser.isError && (teaser.error as AxiosError).response?.status === 404;
  const here = `/article-details/${id}`;
  useDocumentTitle(
    teaser.data?.articleTitle ?? (teaser.isError && !restoring ? 'Article Not Found | Newsroom' : null),
  );

  if (teaser.isError && !restoring) {
    return (
      <section className="container-page max-w-3xl py-16 text-center">
        <h1 className="section-title">Article not found</h1>
        <p className="mt-2 text-muted">
          {notFound
            ? 'This article does not exist or is not available. If it is yours and awaits review, sign in to see it.'
            : 'The article could not be loaded. Please try again.'}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/all-articles" className="btn btn-primary">
            Browse all articles
          </Link>
          <Link to="/login" state={{ from: here }} className="btn btn-outline">
            Sign in
          </Link>
        </div>
      </section>
    );
  }
  if (!teaser.data) return <FullScreenLoader label="Loading article" />;

  const a = teaser.data;
  const premium = a.isPremium === 'Yes';
  const cut = a.articleDescription.length >= TEASER_LENGTH;
  return (
    <>
      <article className="container-page max-w-4xl py-10" data-testid="article-teaser">
        <Link to="/all-articles" className="link inline-flex items-center gap-1 text-sm">
          <ArrowLeftIcon aria-hidden="true" /> All articles
        </Link>
        <header className="mt-6 border-b border-rule pb-6">
          <div className="flex flex-wrap items-center gap-3">
            <p className="section-kicker">{a.publisher}</p>
            {premium && <PremiumBadge />}
          </div>
          <h1 className="mt-3 font-display text-3xl leading-tight font-bold sm:text-5xl">{a.articleTitle}</h1>
          <p className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
            <Byline author={a.userInfo} />
            <DateTime value={a.createdAt} />
          </p>
        </header>
        <figure className="mt-8">
          <ArticleImage article={a} />
        </figure>
        <div className="relative mx-auto mt-8 max-w-3xl">
          {/* Plain text with its line breaks; never injected as HTML. */}
          <p
            className="font-display text-lg leading-relaxed whitespace-pre-line sm:text-xl"
            data-testid="article-teaser-text"
          >
            {a.articleDescription}
            {cut && '…'}
          </p>
          <div className="pointer-events-none absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-paper to-transparent" />
        </div>
        <div className="card mx-auto mt-8 max-w-3xl p-6 text-center sm:p-8">
          <LockIcon
            className={`mx-auto size-8 ${premium ? 'text-premium' : 'text-accent'}`}
            aria-hidden="true"
          />
          <h2 className="mt-3 text-2xl font-bold">
            {premium ? articleMessages.premiumTeaserTitle : articleMessages.signInTeaserTitle}
          </h2>
          <p className="mx-auto mt-2 max-w-md text-muted">
            {premium ? articleMessages.premiumTeaserText : articleMessages.signInTeaserText}
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            {premium && (
              <Link to="/subscription" className="btn btn-primary px-6">
                Subscribe now
              </Link>
            )}
            <Link
              to="/login"
              state={{ from: here }}
              className={`btn px-6 ${premium ? 'btn-outline' : 'btn-primary'}`}
            >
              {articleMessages.signInToRead}
            </Link>
          </div>
        </div>
      </article>
      {/* After hydration only: the server's markup of the teaser is what hydration finds. A premium
          article's conversation is its readers' alone (the server answers 402): not asked for. */}
      {!premium && !restoring && comments?.(a)}
      <RelatedReading articleId={id} />
    </>
  );
}
