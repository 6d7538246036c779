import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import Swiper from 'swiper';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { LoadError } from '@/components/LoadError';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { PremiumBadge } from '@/components/StatusBadge';
import { formatCount } from '@/lib/format-number';
import { TRENDING_IMAGE_SIZES } from '@/lib/image-sizes';
import { usePrefersReducedMotion } from '@/lib/reduced-motion';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { useTrendingArticles } from '@/lib/api/articles';
import { cardExcerpt } from '../messages';
import { EyeIcon } from '@/components/screen-icons';

interface TrendingCarouselProps {
  /** Autoplay interval and transition (docs/product.md: 5 s, 800 ms). */
  delayMs: number;
  speedMs: number;
}

// The slide's text takes the same room whatever the story (three headline lines, three excerpt lines),
// and the skeleton below takes exactly that room too: nothing under the carousel moves when it loads.
const TEXT_COLUMN = 'flex flex-col justify-center gap-4 p-6 pb-12 sm:p-10 sm:pb-14';
const HEADLINE =
  'line-clamp-3 min-h-[3.75em] font-display text-2xl leading-tight font-bold sm:text-3xl lg:text-4xl';
const EXCERPT = 'hidden min-h-[4.875em] leading-relaxed text-muted sm:line-clamp-3';
const IMAGE_BOX = 'relative aspect-[16/9] overflow-hidden bg-surface-2 md:aspect-auto md:min-h-[26rem]';

function CarouselSkeleton() {
  const line = 'rounded bg-surface-2';
  return (
    <div
      className="card overflow-hidden !rounded-xl shadow-md"
      aria-busy="true"
      aria-label="Loading trending stories"
    >
      <div className="grid animate-pulse bg-surface md:grid-cols-[1.5fr_1fr]">
        <div className={IMAGE_BOX} />
        <div className={TEXT_COLUMN}>
          <p className="text-xs">
            <span className={`inline-block w-40 py-0.5 ${line}`}>&nbsp;</span>
          </p>
          <p className={`${HEADLINE} ${line}`} />
          <p className={`${EXCERPT} ${line}`} />
          <p className="text-sm">
            <span className={`inline-block w-32 ${line}`}>&nbsp;</span>
          </p>
        </div>
      </div>
    </div>
  );
}

/**
 * Swiper's arrow icon, drawn in the markup (Swiper keeps an icon it finds there): the arrows show as
 * soon as the page does, before Swiper is set up.
 */
const ARROW_ICON =
  '<svg class="swiper-navigation-icon" viewBox="0 0 11 20" width="11" height="20" aria-hidden="true">' +
  '<path d="M1.2.4 10.8 10l-9.6 9.6-.9-.9L9 10 .3 1.3z" fill="currentColor"/></svg>';

/** The pagination's bullets as Swiper draws them (the first one current), for the time before it is set up. */
const bulletsHtml = (count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `<span class="swiper-pagination-bullet${i === 0 ? ' swiper-pagination-bullet-active' : ''}" aria-hidden="true"></span>`,
  ).join('');

/**
 * Swiper set up on the carousel's markup (the markup its React component draws, drawn here, with its
 * arrows, its bullets and the first slide current) when it is first needed: the first turn of the
 * slides (`delayMs` after the page shows, then it turns them), or the reader reaching for the
 * carousel (a touch, a click, the keyboard's focus: set up before that click arrives, so a press on an
 * arrow or a bullet turns the slides). Setting Swiper up measures the page and rebuilds its
 * controls: done inside hydration, it was the home page's longest task on a phone, and when the page
 * was idle, a long task while the reader starts to read. Answers the instance once it is set up.
 */
function useSwiper(
  root: RefObject<HTMLDivElement | null>,
  slides: string,
  { still, delayMs, speedMs }: { still: boolean; delayMs: number; speedMs: number },
): Swiper | null {
  const [swiper, setSwiper] = useState<Swiper | null>(null);
  // Once set up, set up again at once when the slides change (the old instance's controls are gone).
  const wasSetUp = useRef(false);
  useEffect(() => {
    const el = root.current;
    if (!el || !slides) return;
    let instance: Swiper | null = null;
    const reach = ['pointerdown', 'focusin'] as const;
    const setUp = (event?: Event) => {
      if (instance) return instance;
      clearTimeout(firstTurn);
      for (const type of reach) el.removeEventListener(type, setUp);
      // A press on a bullet drawn before turns to its slide (read first: Swiper draws its own bullets;
      // the arrows stay, and Swiper takes their click).
      const pressed = event?.type === 'pointerdown' && event.target instanceof Element ? event.target : null;
      const bullet = pressed?.closest('.swiper-pagination-bullet');
      const pressedBullet = bullet?.parentElement ? [...bullet.parentElement.children].indexOf(bullet) : -1;
      instance = new Swiper(el, {
        modules: [Autoplay, Navigation, Pagination, A11y],
        // Readers who asked for less motion turn the slides themselves.
        autoplay: still ? false : { delay: delayMs, disableOnInteraction: false, pauseOnMouseEnter: true },
        speed: still ? 0 : speedMs,
        rewind: slides.includes(','),
        navigation: {
          prevEl: el.querySelector<HTMLElement>(':scope > .swiper-button-prev'),
          nextEl: el.querySelector<HTMLElement>(':scope > .swiper-button-next'),
        },
        pagination: { el: el.querySelector<HTMLElement>(':scope > .swiper-pagination'), clickable: true },
      });
      if (pressedBullet >= 0) instance.slideTo(pressedBullet);
      wasSetUp.current = true;
      setSwiper(instance);
      return instance;
    };
    const firstTurn = still ? undefined : setTimeout(() => setUp().slideNext(), delayMs);
    for (const type of reach) el.addEventListener(type, setUp);
    if (wasSetUp.current) setUp();
    return () => {
      clearTimeout(firstTurn);
      for (const type of reach) el.removeEventListener(type, setUp);
      instance?.destroy(true, true);
      setSwiper(null);
    };
  }, [root, slides, still, delayMs, speedMs]);
  return swiper;
}

export function TrendingCarousel({ delayMs, speedMs }: TrendingCarouselProps) {
  const trending = useTrendingArticles();
  // Readers who asked for less motion turn the slides themselves.
  const still = usePrefersReducedMotion();
  const root = useRef<HTMLDivElement>(null);
  const slides = trending.data?.map((article) => article._id).join(',') ?? '';
  const swiper = useSwiper(root, slides, { still, delayMs, speedMs });
  // Anyone can stop the slides turning (WCAG 2.2.2 Pause, Stop, Hide): the button below the slides.
  const [paused, setPaused] = useState(false);
  const togglePause = () => {
    if (!swiper?.autoplay) return;
    if (paused) swiper.autoplay.start();
    else swiper.autoplay.stop();
    setPaused(!paused);
  };

  if (trending.isPending) return <CarouselSkeleton />;
  if (trending.isError) {
    return (
      <LoadError
        title="Trending stories could not be loaded."
        error={trending.error}
        onRetry={() => trending.refetch()}
        className="aspect-[21/9] justify-center"
      />
    );
  }
  if (trending.data.length === 0) {
    return (
      <div className="card grid aspect-[21/9] place-items-center p-8 text-center text-muted">
        Trending stories will appear here soon.
      </div>
    );
  }

  // The markup Swiper's React component draws (so the server's first screen is unchanged).
  return (
    <div
      ref={root}
      className="swiper trending-swiper card overflow-hidden !rounded-xl shadow-md"
      data-testid="trending-carousel"
    >
      <div className="swiper-wrapper">
        {trending.data.map((article, index) => (
          <div
            key={article._id}
            className={`swiper-slide !h-auto${index === 0 ? ' swiper-slide-active' : ''}`}
          >
            <div className="grid h-full bg-surface md:grid-cols-[1.5fr_1fr]">
              <div className={IMAGE_BOX}>
                {/* The first slide is the home page's largest paint: fetched first, never lazily. */}
                <ResponsiveImage
                  src={article.articleImage}
                  alt=""
                  sizes={TRENDING_IMAGE_SIZES}
                  width={1600}
                  height={900}
                  priority={index === 0}
                  className="absolute inset-0 size-full object-cover"
                />
              </div>
              <div className={TEXT_COLUMN}>
                <div className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-widest uppercase">
                  <span className="rounded bg-ink px-2 py-0.5 text-paper">Trending #{index + 1}</span>
                  <span className="text-accent">{article.publisher}</span>
                  {article.isPremium === 'Yes' && <PremiumBadge className="tracking-normal normal-case" />}
                </div>
                <h2 className={HEADLINE}>
                  <Link to={`/article-details/${article._id}`} className="hover:text-accent">
                    {article.articleTitle}
                  </Link>
                </h2>
                <p className={EXCERPT}>{cardExcerpt(article.articleDescription)}</p>
                <p className="inline-flex items-center gap-1.5 text-sm text-muted">
                  <EyeIcon aria-hidden="true" /> {formatCount(article.totalViewCount)} views
                  {article.userInfo?.name && <span>· By {article.userInfo.name}</span>}
                </p>
              </div>
            </div>
          </div>
        ))}
      </div>
      <div className="swiper-button-prev" dangerouslySetInnerHTML={{ __html: ARROW_ICON }} />
      <div className="swiper-button-next" dangerouslySetInnerHTML={{ __html: ARROW_ICON }} />
      <div
        className="swiper-pagination swiper-pagination-bullets swiper-pagination-horizontal"
        dangerouslySetInnerHTML={{ __html: bulletsHtml(trending.data.length) }}
      />
      {!still && trending.data.length > 1 && (
        <button
          type="button"
          className="absolute right-3 bottom-3 z-10 grid size-11 place-items-center rounded-full border border-rule bg-surface/90 text-ink shadow hover:text-accent"
          aria-pressed={paused}
          aria-label="Pause the trending stories"
          title={paused ? 'Play the trending stories' : 'Pause the trending stories'}
          onClick={togglePause}
          data-testid="carousel-pause"
        >
          {paused ? (
            <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
              <path d="M8 5v14l11-7z" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
              <path d="M6 5h4v14H6zM14 5h4v14h-4z" />
            </svg>
          )}
        </button>
      )}
    </div>
  );
}
