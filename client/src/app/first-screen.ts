/**
 * What each page a visitor may land on needs for its first screen: its route module and, for pages
 * led by an article image, where that image comes from and its `sizes`. The build turns this into
 * dist/.vite/first-screen.json (the route's chunks and stylesheets; build/first-screen-plugin.ts) and
 * the site server announces both in the page's head, so the browser fetches them while the app's
 * code downloads (docs/decisions/first-screen-hints.md). Plain data: the build config imports it.
 */
import { ARTICLE_IMAGE_SIZES, CARD_IMAGE_SIZES, TRENDING_IMAGE_SIZES } from '../lib/image-sizes.ts';

export interface FirstScreen {
  /** A route path; `:name` matches one segment. */
  path: string;
  /** The module router.tsx lazily loads for it. */
  module: string;
  /** The page's largest paint: the first trending story, the newest article, or the article itself. */
  leadImage?: { from: 'trending' | 'newest' | 'article'; sizes: string };
  /**
   * Modules (or packages) loaded lazily on the way from the page's submit to where it leads, announced
   * with the page so that none waits for another (docs/decisions/first-screen-hints.md).
   */
  submitLoads?: string[];
}

/**
 * What a sign-in or a registration made before the app has run loads on its way to the signed-in home
 * page: the handover that completes the held submit, Firebase Auth, the API client and session calls,
 * the toast, the home screen, the account menu, the footer and the live stream (issue 33, item 3:
 * four rounds of script loading before, one after).
 */
const SIGN_IN_LOADS = [
  'src/first-screen/handover.ts',
  'src/lib/firebase.ts',
  'src/lib/api-client.ts',
  'src/lib/api/session.ts',
  'src/lib/api/stale.ts',
  'react-hot-toast',
  'src/app/routes/Home.tsx',
  'src/app/RouteError.tsx',
  'src/components/AccountMenu.tsx',
  'src/components/Footer.tsx',
  'src/features/live/LiveEvents.tsx',
];

export const FIRST_SCREENS: FirstScreen[] = [
  {
    path: '/',
    module: 'src/app/routes/Home.tsx',
    leadImage: { from: 'trending', sizes: TRENDING_IMAGE_SIZES },
  },
  {
    path: '/all-articles',
    module: 'src/app/routes/AllArticles.tsx',
    leadImage: { from: 'newest', sizes: CARD_IMAGE_SIZES },
  },
  {
    path: '/article-details/:id',
    module: 'src/app/routes/ArticleDetails.tsx',
    leadImage: { from: 'article', sizes: ARTICLE_IMAGE_SIZES },
  },
  { path: '/about-us', module: 'src/app/routes/AboutUs.tsx' },
  { path: '/login', module: 'src/app/routes/Login.tsx', submitLoads: SIGN_IN_LOADS },
  { path: '/registration', module: 'src/app/routes/Registration.tsx', submitLoads: SIGN_IN_LOADS },
];
