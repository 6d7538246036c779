/** User-visible strings of the reading side. */
export const articleMessages = {
  allPublishers: 'All Publisher Article',
  premiumTeaserTitle: 'This is a premium story',
  premiumTeaserText: 'Subscribe to Newsroom Premium to read the full article and every exclusive report.',
  signInToRead: 'Sign in to read',
  signInTeaserTitle: 'Read the full story',
  signInTeaserText: 'Sign in to your Newsroom account to read this article to the end.',
} as const;

/** Card descriptions show the first 200 characters (docs/product.md §9). */
export const CARD_DESCRIPTION_LENGTH = 200;

export function cardExcerpt(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  return text.length > CARD_DESCRIPTION_LENGTH ? `${text.slice(0, CARD_DESCRIPTION_LENGTH)}…` : text;
}
