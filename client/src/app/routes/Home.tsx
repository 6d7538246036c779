import { Suspense } from 'react';
import { usePageTitle } from '@/components/usePageTitle';
import { ForYouSection } from '@/features/articles/components/ForYouSection';
import { PublisherGrid } from '@/features/articles/components/PublisherGrid';
import { TrendingCarousel } from '@/features/articles/components/TrendingCarousel';
import { HOME_TIMINGS } from '@/features/home/content';
import { Faq, HomeSection, HowToSteps, WritingTips } from '@/features/home/components/HomeSections';
import { PlanCards } from '@/features/home/components/PlanCards';
import { SubscribeModal } from '@/features/home/components/SubscribeModal';
import { UserStats } from '@/features/home/components/UserStats';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format-date';
import { useHydrated } from '@/lib/hydration';

/** Today in the reader's zone; in UTC on the server and while hydrating (components/DateTime.tsx). */
function Today() {
  const text = formatDate(new Date(), 'weekday', !useHydrated());
  return <span suppressHydrationWarning>{text}</span>;
}

export default function Home() {
  usePageTitle('Home');
  const { loading, subscriptionLoading, adminLoading, user, subscribed, isAdmin } = useAuth();
  const settled = !loading && (!user || (!subscriptionLoading && !adminLoading));
  const eligible = settled && (!user || (!subscribed && !isAdmin));

  return (
    <>
      <section className="container-page pt-8 pb-6">
        <div className="flex flex-col gap-1 border-b border-rule pb-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="section-kicker">
              <Today />
            </p>
            <h1 className="mt-1 font-display text-4xl font-bold tracking-tight sm:text-5xl">Trending now</h1>
          </div>
          <p className="max-w-md text-sm text-muted sm:text-right">
            The six most-read stories on Newsroom right now, updated as readers vote with their clicks.
          </p>
        </div>
        <div className="mt-6">
          {/* A boundary of its own: React hydrates it after the rest of the page, in a commit of its own,
              so setting up the slides (Swiper measures them) is not part of one long task. */}
          <Suspense>
            <TrendingCarousel delayMs={HOME_TIMINGS.carouselDelayMs} speedMs={HOME_TIMINGS.carouselSpeedMs} />
          </Suspense>
        </div>
      </section>

      {/* Signed in only, after hydration (the server renders Home for signed-out visitors). */}
      <ForYouSection />

      <HomeSection
        id="publishers"
        kicker="Our partners"
        title="Publishers"
        intro="Trusted newsrooms that publish with us."
      >
        <PublisherGrid />
      </HomeSection>

      <HomeSection id="stats" kicker="Community" title="Our readers" band>
        <UserStats />
      </HomeSection>

      <HomeSection
        id="plans"
        kicker="Subscriptions"
        title="Choose your plan"
        intro="Read for free, or go premium for exclusive reporting and unlimited publishing."
      >
        <PlanCards />
      </HomeSection>

      <HomeSection id="how-to" kicker="Getting started" title="How Newsroom works" band>
        <HowToSteps />
      </HomeSection>

      <HomeSection id="tips" kicker="For writers" title="Writing tips">
        <WritingTips />
      </HomeSection>

      <HomeSection id="faq" kicker="Help" title="Frequently asked questions" band>
        <Faq />
      </HomeSection>

      <SubscribeModal eligible={eligible} />
    </>
  );
}
