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
}

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
  { path: '/login', module: 'src/app/routes/Login.tsx' },
  { path: '/registration', module: 'src/app/routes/Registration.tsx' },
];
