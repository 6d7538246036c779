/**
 * What each mail says (docs/decisions/email.md), as a MailContent for templates.ts. Only the
 * recipient's own data goes in: a writer's published name, never anyone's address; a premium
 * article's text never (its title and a subscribe link only).
 */
import type { MailKind } from '@newsroom/common';
import type { MailArticle, MailContent } from './templates.js';

/** Where a mail's links lead: the site's pages, and the API's signed-link pages. */
export interface MailLinks {
  site: string;
  api: string;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const articleUrl = (links: MailLinks, id: string) =>
  `${links.site}/article-details/${encodeURIComponent(id)}`;

const NOTICES_FOOTER =
  'You get this mail because you have a Newsroom account. You can stop these notices in one click.';

export type TransactionalMail =
  | { kind: 'article.approved' | 'article.madePremium'; articleId: string; title: string }
  | { kind: 'article.declined'; articleId: string; title: string; reason: string }
  | { kind: 'article.changesRequested'; articleId: string; title: string; note: string }
  | { kind: 'comments.new'; articleId: string; title: string }
  | { kind: 'premium.started' | 'premium.ending' | 'premium.lapsed'; premiumEndAt: string };

export function transactionalContent(mail: TransactionalMail, name: string, links: MailLinks): MailContent {
  const hello = name ? `Hello ${name},` : 'Hello,';
  const base = { footer: NOTICES_FOOTER };
  switch (mail.kind) {
    case 'article.approved':
      return {
        ...base,
        subject: `Your article is published: ${mail.title}`,
        preview: 'An editor approved your article.',
        heading: 'Your article is published',
        paragraphs: [hello, `An editor approved “${mail.title}”. It is now on Newsroom for every reader.`],
        action: { label: 'Read it on Newsroom', url: articleUrl(links, mail.articleId) },
      };
    case 'article.madePremium':
      return {
        ...base,
        subject: `Your article is now premium: ${mail.title}`,
        preview: 'Your article is among the premium articles now.',
        heading: 'Your article is now premium',
        paragraphs: [hello, `“${mail.title}” is now a premium article: premium readers read it in full.`],
        action: { label: 'See your article', url: articleUrl(links, mail.articleId) },
      };
    case 'article.declined':
      return {
        ...base,
        subject: `Your article was declined: ${mail.title}`,
        preview: 'An editor declined your article, and said why.',
        heading: 'Your article was declined',
        paragraphs: [hello, `An editor declined “${mail.title}”.`, `The reason given: ${mail.reason}`],
        action: { label: 'Your articles', url: `${links.site}/my-articles` },
      };
    case 'article.changesRequested':
      return {
        ...base,
        subject: `Changes requested: ${mail.title}`,
        preview: 'An editor asks for changes before publishing your article.',
        heading: 'Changes requested',
        paragraphs: [
          hello,
          `An editor read “${mail.title}” and asks for changes before it is published.`,
          `Their note: ${mail.note}`,
          'Update the article in My Articles: it goes back to review as soon as you save it.',
        ],
        action: { label: 'Your articles', url: `${links.site}/my-articles` },
      };
    case 'comments.new':
      // No comment's text or author: a premium article's conversation stays on the site.
      return {
        ...base,
        subject: `New comments on ${mail.title}`,
        preview: 'Readers are talking about your article.',
        heading: 'New comments on your article',
        paragraphs: [
          hello,
          `Readers commented on “${mail.title}”. We send at most one such mail an hour for each article.`,
        ],
        action: { label: 'Read the comments', url: `${articleUrl(links, mail.articleId)}#comments` },
      };
    case 'premium.started':
      return {
        ...base,
        subject: 'Your premium is active',
        preview: `Premium until ${day(mail.premiumEndAt)}.`,
        heading: 'Welcome to premium',
        paragraphs: [hello, `You can read every premium article until ${day(mail.premiumEndAt)}.`],
        action: { label: 'Premium articles', url: `${links.site}/premium-articles` },
      };
    case 'premium.ending':
      return {
        ...base,
        subject: `Your premium ends on ${day(mail.premiumEndAt)}`,
        preview: 'Three days of premium left.',
        heading: 'Your premium ends soon',
        paragraphs: [
          hello,
          `Your premium ends on ${day(mail.premiumEndAt)}. Renew it to keep reading in full.`,
        ],
        action: { label: 'Renew premium', url: `${links.site}/subscription` },
      };
    case 'premium.lapsed':
      return {
        ...base,
        subject: 'Your premium has ended',
        preview: 'Premium articles show a teaser again.',
        heading: 'Your premium has ended',
        paragraphs: [hello, 'Your premium has ended. Premium articles show you their first lines again.'],
        action: { label: 'Subscribe again', url: `${links.site}/subscription` },
      };
  }
}

export function confirmContent(name: string, confirmUrl: string): MailContent {
  return {
    subject: 'Confirm your Newsroom digest',
    preview: 'One click and the digest starts.',
    heading: 'Confirm your digest',
    paragraphs: [
      name ? `Hello ${name},` : 'Hello,',
      'You asked for the Newsroom digest at this address. Confirm it, and it starts with the next one.',
      'If you did not ask for it, ignore this mail: nothing will be sent.',
    ],
    action: { label: 'Confirm my digest', url: confirmUrl },
    footer: 'You get this mail because someone asked for the Newsroom digest at this address.',
  };
}

export function digestContent(
  frequency: 'daily' | 'weekly',
  articles: Array<Omit<MailArticle, 'url'> & { id: string }>,
  links: MailLinks,
): MailContent {
  const count = articles.length === 1 ? '1 new article' : `${articles.length} new articles`;
  return {
    subject: `Your ${frequency} Newsroom digest: ${count}`,
    preview: articles[0]?.title ?? count,
    heading: `Your ${frequency} digest`,
    paragraphs: [`${count} since your last digest.`],
    articles: articles.map(({ id, ...a }) => ({ ...a, url: articleUrl(links, id) })),
    subscribeUrl: `${links.site}/subscription`,
    footer: `You get this mail because you asked for the ${frequency} Newsroom digest.`,
  };
}

export const LIST_OF: Record<MailKind, 'digest' | 'notices'> = {
  'article.approved': 'notices',
  'article.declined': 'notices',
  'article.changesRequested': 'notices',
  'article.madePremium': 'notices',
  'premium.started': 'notices',
  'premium.ending': 'notices',
  'premium.lapsed': 'notices',
  'comments.new': 'notices',
  'digest.confirm': 'digest',
  digest: 'digest',
};
