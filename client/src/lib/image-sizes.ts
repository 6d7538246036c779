/**
 * The `sizes` of the images that lead a page (its largest paint). Shared by the components that draw
 * them and by app/first-screen.ts, from which the site server preloads the same image variant the
 * page will pick (docs/decisions/first-screen-hints.md).
 */

/** Home's trending carousel: 60 % of the row from `md`, at most 730 px. */
export const TRENDING_IMAGE_SIZES = '(min-width: 1280px) 730px, (min-width: 768px) 60vw, 100vw';

/** One grid column: full width on phones, half from `sm`, a third (of at most 80rem) from `lg`. */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 390px, (min-width: 1024px) 30vw, (min-width: 640px) 50vw, 100vw';

/** The article page's picture (signed-out teaser and full article): the 832 px column. */
export const ARTICLE_IMAGE_SIZES = '(min-width: 896px) 832px, 100vw';
