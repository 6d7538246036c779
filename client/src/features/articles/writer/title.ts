/** docs/product.md §2/§9: table titles longer than 40 characters show their first 30 plus an ellipsis. */
export const TITLE_CUT_OVER = 40;
export const TITLE_CUT_TO = 30;

export function cutTitle(title: string): string {
  return title.length > TITLE_CUT_OVER ? `${title.slice(0, TITLE_CUT_TO)}...` : title;
}
