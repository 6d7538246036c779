import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DateTime } from '@/components/DateTime';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { ArrowLeftIcon, EyeIcon } from '@/components/screen-icons';
import { PremiumBadge } from '@/components/StatusBadge';
import type { Article } from '../types';
import { ArticleImage } from './ArticleImage';
import { Byline } from './Byline';

/**
 * An article in full: headline, byline, image, text and tags. What the reader may do besides (follow,
 * gift) and what the page tells them (a gift, their meter) come from the screen that shows it.
 */
export function FullArticle({
  article: a,
  publisherAction,
  writerAction,
  notice,
  actions,
}: {
  article: Article;
  publisherAction?: ReactNode;
  writerAction?: ReactNode;
  /** Above the headline: a gift banner or the reader's meter. */
  notice?: ReactNode;
  /** Under the header: what the reader may do with the article (gift it). */
  actions?: ReactNode;
}) {
  return (
    <article className="container-page max-w-4xl py-10" data-testid="article-details">
      <Link to="/all-articles" className="link inline-flex items-center gap-1 text-sm">
        <ArrowLeftIcon aria-hidden="true" /> All articles
      </Link>
      {notice}
      <header className="mt-6 border-b border-rule pb-6">
        <div className="flex flex-wrap items-center gap-3">
          <p className="section-kicker">{a.publisher}</p>
          {a.isPremium === 'Yes' && <PremiumBadge />}
          {publisherAction}
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
            <Byline author={a.userInfo} />
          </span>
          {writerAction}
          <DateTime value={a.createdAt} />
          <span className="inline-flex items-center gap-1">
            <EyeIcon aria-hidden="true" />{' '}
            <span data-testid="details-view-count">{a.totalViewCount ?? 0}</span> views
          </span>
        </div>
        {actions}
      </header>
      <figure className="mt-8">
        {/* The page's largest paint: fetched first, never lazily. */}
        <ArticleImage article={a} />
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
  );
}
