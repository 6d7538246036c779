/** User-visible strings of the reading side. */
export const articleMessages = {
  allPublishers: 'All Publisher Article',
  premiumTeaserTitle: 'This is a premium story',
  premiumTeaserText: 'Subscribe to Newsroom Premium to read the full article and every exclusive report.',
  signInToRead: 'Sign in to read',
  signInTeaserTitle: 'Read the full story',
  signInTeaserText: 'Sign in to your Newsroom account to read this article to the end.',
  relatedReading: 'Related reading',
  forYouTitle: 'For you',
  forYouKicker: 'Your front page',
  forYouIntro: 'New from the publishers and writers you follow, then more on what you read most.',
  forYouEmpty: 'Nothing new for you yet. Follow a publisher or a writer to fill this page.',
  writerNotFound: 'Writer not found',
} as const;

/** The Follow button's words; its accessible name starts with what it shows (WCAG 2.5.3). */
export const followMessages = {
  follow: 'Follow',
  following: 'Following',
  name: (following: boolean, target: string) => `${following ? 'Following' : 'Follow'} ${target}`,
} as const;

/** Why an article is in the reader's "For you" (the card's small label). */
export function forYouReason(reason: 'following' | 'tags' | 'trending', tags: readonly string[]): string {
  if (reason === 'following') return 'From what you follow';
  // The API says a tag the reader reads most matched, not which one: the card's tags are named.
  if (reason === 'tags')
    return tags.length ? `Because you read ${tags.join(', ')}` : 'Because of what you read';
  return 'Trending';
}

/** Card descriptions show the first 200 characters (docs/product.md §9). */
export const CARD_DESCRIPTION_LENGTH = 200;

export function cardExcerpt(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  return text.length > CARD_DESCRIPTION_LENGTH ? `${text.slice(0, CARD_DESCRIPTION_LENGTH)}…` : text;
}

/** Gift links' words (docs/decisions/gift-links-and-meter.md). */
export const giftMessages = {
  giftThis: 'Gift this article',
  creating: 'Creating link…',
  copy: 'Copy link',
  copied: 'Copied',
  linkLabel: 'Gift link',
  left: (n: number) => `${n} gift ${n === 1 ? 'link' : 'links'} left this month`,
  explain:
    'Anyone with this link can read the whole article for 7 days from its first open, up to 10 readers.',
  giftedBy: (name: string) => `Gifted by ${name || 'a Newsroom reader'}, subscribe to read more`,
  subscribe: 'Subscribe',
  opening: 'Opening your gift…',
  notFound: 'This gift link does not exist. Here is the start of the article.',
  tabTitle: 'Gift links',
  tabIntro:
    'Links you gave to premium articles. Each lets up to 10 readers read for 7 days from its first open.',
  none: 'You have not gifted an article yet. Open a premium article and choose “Gift this article”.',
  revoke: 'Revoke',
  revoked: 'Revoked',
  notOpened: 'Not opened yet',
  /** A link nobody opened within GIFT_LINK_UNOPENED_DAYS of its creation. */
  neverOpened: 'Never opened',
  readers: (used: number, max: number) => `${used} of ${max}`,
} as const;

/** The metered paywall's words: what a reader without premium has left this month. */
export const meterMessages = {
  line: (used: number, limit: number) => `${used} of ${limit} free premium articles this month`,
  usedUp: (limit: number) =>
    `You have read your ${limit} free premium ${limit === 1 ? 'article' : 'articles'} this month.`,
  subscribe: 'Subscribe for unlimited reading',
} as const;
