import { FiEye, FiLock } from 'react-icons/fi';
import { Link } from 'react-router-dom';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { useTrendingArticles } from '../api/articles';
import { cardExcerpt } from '../messages';

interface TrendingCarouselProps {
  /** Autoplay interval and transition (SPEC: 5 s, 800 ms). */
  delayMs: number;
  speedMs: number;
}

export function TrendingCarousel({ delayMs, speedMs }: TrendingCarouselProps) {
  const trending = useTrendingArticles();

  if (trending.isPending) {
    return (
      <div className="aspect-[16/10] w-full animate-pulse rounded-xl bg-surface-2 md:aspect-auto md:h-[26rem]" />
    );
  }
  if (trending.isError || trending.data.length === 0) {
    return (
      <div className="card grid aspect-[21/9] place-items-center p-8 text-center text-muted">
        Trending stories will appear here soon.
      </div>
    );
  }

  return (
    <Swiper
      modules={[Autoplay, Navigation, Pagination, A11y]}
      autoplay={{ delay: delayMs, disableOnInteraction: false, pauseOnMouseEnter: true }}
      speed={speedMs}
      loop={trending.data.length > 1}
      navigation
      pagination={{ clickable: true }}
      className="trending-swiper card overflow-hidden !rounded-xl shadow-md"
      data-testid="trending-carousel"
    >
      {trending.data.map((article, index) => (
        <SwiperSlide key={article._id} className="!h-auto">
          <div className="grid h-full bg-surface md:grid-cols-[1.5fr_1fr]">
            <div className="relative aspect-[16/9] overflow-hidden bg-surface-2 md:aspect-auto md:min-h-[26rem]">
              <img
                src={article.articleImage}
                alt=""
                loading={index === 0 ? 'eager' : 'lazy'}
                className="absolute inset-0 size-full object-cover"
              />
            </div>
            <div className="flex flex-col justify-center gap-4 p-6 pb-12 sm:p-10 sm:pb-14">
              <div className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-widest uppercase">
                <span className="rounded bg-ink px-2 py-0.5 text-paper">Trending #{index + 1}</span>
                <span className="text-accent">{article.publisher}</span>
                {article.isPremium === 'Yes' && (
                  <span className="badge badge-premium tracking-normal normal-case">
                    <FiLock className="mr-1" aria-hidden="true" /> Premium
                  </span>
                )}
              </div>
              <h3 className="font-display text-2xl leading-tight font-bold sm:text-3xl lg:text-4xl">
                <Link to={`/article-details/${article._id}`} className="hover:text-accent">
                  {article.articleTitle}
                </Link>
              </h3>
              <p className="hidden leading-relaxed text-muted sm:block">
                {cardExcerpt(article.articleDescription)}
              </p>
              <p className="inline-flex items-center gap-1.5 text-sm text-muted">
                <FiEye aria-hidden="true" /> {article.totalViewCount.toLocaleString('en-US')} views
                {article.userInfo?.name && <span>· By {article.userInfo.name}</span>}
              </p>
            </div>
          </div>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
