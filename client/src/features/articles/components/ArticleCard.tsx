import { memo } from 'react';
import { Link } from 'react-router-dom';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { PremiumBadge } from '@/components/StatusBadge';
import { DateTime } from '@/components/DateTime';
import { CARD_IMAGE_SIZES } from '@/lib/image-sizes';
import { cardExcerpt } from '../messages';
import type { Article } from '../types';
import { EyeIcon, MessageCircleIcon } from '@/components/screen-icons';

interface ArticleCardProps {
  article: Article;
  /** Subscribed users and admins may open premium articles. */
  canReadPremium: boolean;
  /** The card's place in its grid: the first row is above the fold, the first card is the page's LCP. */
  index?: number;
  /** A small label above the publisher (why the card is here, in "For you"). */
  label?: string;
  /** Its comments, once the list has asked (lib/api/comment-counts.ts). */
  commentCount?: number;
}

/**
 * Memoised: a list re-renders when the session settles or the app takes the page over, and its cards,
 * whose props have not changed, are not drawn again (ten to twenty of them, in one task on a phone).
 */
export const ArticleCard = memo(function ArticleCard({
  article,
  canReadPremium,
  index = Infinity,
  label,
  commentCount,
}: ArticleCardProps) {
  const premium = article.isPremium === 'Yes';
  const locked = premium && !canReadPremium;
  const href = `/article-details/${article._id}`;

  return (
    <article
      // Past the first card the browser lays a card out only once it nears the viewport: a page of
      // cards in the first screen's HTML was one long layout on a phone (docs/decisions/react-error-markers.md).
      className={`card group flex flex-col overflow-hidden transition-shadow hover:shadow-md ${
        premium ? 'ring-1 ring-premium/40' : ''
      } ${index > 0 ? 'offscreen-card' : ''}`}
      data-testid="article-card"
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-surface-2">
        <ResponsiveImage
          src={article.articleImage}
          alt=""
          sizes={CARD_IMAGE_SIZES}
          width={1600}
          height={900}
          priority={index === 0}
          loading={index < 3 ? 'eager' : 'lazy'}
          className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
        {premium && <PremiumBadge className="absolute top-3 left-3 shadow" />}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        {label && (
          <p className="self-start rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-ink">
            {label}
          </p>
        )}
        <p className="section-kicker">{article.publisher}</p>
        <h2 className="font-display text-xl leading-snug font-bold">
          {locked ? (
            article.articleTitle
          ) : (
            <Link to={href} className="hover:text-accent">
              {article.articleTitle}
            </Link>
          )}
        </h2>
        <p className="text-sm leading-relaxed text-muted">{cardExcerpt(article.articleDescription)}</p>
        {article.Tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {article.Tags.map((tag) => (
              <li key={tag} className="badge badge-tag capitalize">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex items-center justify-between gap-3 border-t border-rule pt-4">
          <div className="min-w-0 text-xs text-muted">
            <p className="truncate font-semibold text-ink">{article.userInfo?.name || 'Newsroom staff'}</p>
            <p className="flex items-center gap-2">
              <DateTime value={article.createdAt} style="short" />
              <span className="inline-flex items-center gap-1" data-testid="view-count">
                <EyeIcon aria-hidden="true" /> {article.totalViewCount ?? 0}
                <span className="sr-only">views</span>
              </span>
              {commentCount !== undefined && (
                <span className="inline-flex items-center gap-1" data-testid="comment-count">
                  <MessageCircleIcon aria-hidden="true" /> {commentCount}{' '}
                  <span className="sr-only">{commentCount === 1 ? 'comment' : 'comments'}</span>
                </span>
              )}
            </p>
          </div>
          {locked ? (
            <button
              type="button"
              disabled
              className="btn btn-primary shrink-0"
              title="Subscribe to read premium articles"
              aria-label={`Details (premium): ${article.articleTitle}`}
            >
              Details
            </button>
          ) : (
            <Link
              to={href}
              className="btn btn-primary shrink-0"
              aria-label={`Details: ${article.articleTitle}`}
            >
              Details
            </Link>
          )}
        </div>
      </div>
    </article>
  );
});
