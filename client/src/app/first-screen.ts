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
  /**
   * A signed-in screen: its code (and `submitLoads`) is announced with the page, no first screen is
   * drawn on the server (it needs the reader's session), so a person who lands on it straight from a
   * link or a bookmark waits for one round of script loading, not a chain of lazily loaded chunks.
   */
  codeOnly?: true;
  /**
   * Its server-rendered page has a form (sign-in, registration, the search): a browser without
   * scripts posts it to the page's address, which the site answers by showing the page again.
   */
  form?: true;
}

/**
 * What every signed-in screen loads lazily while the session is restored and the frame drawn: the
 * handover, Firebase Auth, the API client and session calls, the toast, the account menu, the footer,
 * the live stream and the error screen.
 */
const SIGNED_IN_FRAME = [
  'src/first-screen/handover.ts',
  'src/lib/firebase.ts',
  'src/lib/api-client.ts',
  'src/lib/api/session.ts',
  'src/lib/api/stale.ts',
  'react-hot-toast',
  'src/app/RouteError.tsx',
  'src/components/AccountMenu.tsx',
  'src/components/Footer.tsx',
  'src/features/live/LiveEvents.tsx',
];

/**
 * What a sign-in or a registration made before the app has run loads on its way to the signed-in home
 * page: the signed-in frame and the home screen (issue 33, item 3: four rounds of script loading
 * before, one after).
 */
const SIGN_IN_LOADS = [...SIGNED_IN_FRAME, 'src/app/routes/Home.tsx'];

export const FIRST_SCREENS: FirstScreen[] = [
  {
    path: '/',
    module: 'src/app/routes/Home.tsx',
    leadImage: { from: 'trending', sizes: TRENDING_IMAGE_SIZES },
  },
  {
    path: '/all-articles',
    module: 'src/app/routes/AllArticles.tsx',
    form: true,
    leadImage: { from: 'newest', sizes: CARD_IMAGE_SIZES },
  },
  {
    path: '/article-details/:id',
    module: 'src/app/routes/ArticleDetails.tsx',
    leadImage: { from: 'article', sizes: ARTICLE_IMAGE_SIZES },
  },
  { path: '/about-us', module: 'src/app/routes/AboutUs.tsx' },
  { path: '/login', module: 'src/app/routes/Login.tsx', submitLoads: SIGN_IN_LOADS, form: true },
  {
    path: '/registration',
    module: 'src/app/routes/Registration.tsx',
    submitLoads: SIGN_IN_LOADS,
    form: true,
  },
  // The writer's screens people open from a link or a bookmark, and what their forms load: the tags
  // control (react-select, drawn when the writer reaches for the field) and where a post leads.
  {
    path: '/add-articles',
    module: 'src/app/routes/AddArticle.tsx',
    submitLoads: [
      ...SIGNED_IN_FRAME,
      'src/features/articles/components/TagSelectControl.tsx',
      'src/app/routes/MyArticles.tsx',
    ],
    codeOnly: true,
  },
  {
    path: '/user-dashboard/my-profile',
    module: 'src/app/routes/dashboard/UserDashboard.tsx',
    submitLoads: [...SIGNED_IN_FRAME, 'src/app/routes/dashboard/MyProfile.tsx'],
    codeOnly: true,
  },
];
