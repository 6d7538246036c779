/**
 * One template for every mail, rendered twice by react-email: HTML and plain text from the same tree
 * (docs/decisions/email.md). What each mail says is built in messages.ts as a MailContent; this file
 * only lays it out. Values are React children, so they are escaped: nothing in a mail is raw HTML.
 */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type ReactNode } from 'react';

/** An article as a mail lists it: a premium one is a teaser (title and a subscribe link, no text). */
export interface MailArticle {
  title: string;
  url: string;
  /** Publisher and the writer's published name, never an address. */
  byline: string;
  /** The start of a free article's text; absent for premium ones. */
  excerpt?: string;
  premium: boolean;
}

export interface MailContent {
  subject: string;
  /** The line mail clients show after the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  articles?: MailArticle[];
  /** Where a premium teaser leads (the subscription page). */
  subscribeUrl?: string;
  /** Why the reader gets this mail, above the unsubscribe link. */
  footer: string;
  unsubscribeUrl?: string;
}

const text = { fontSize: '15px', lineHeight: '22px', color: '#222' } as const;
const small = { fontSize: '12px', lineHeight: '18px', color: '#666' } as const;

function articleItem(article: MailArticle, subscribeUrl: string | undefined, key: number): ReactNode {
  return h(
    Section,
    { key, style: { margin: '0 0 16px' } },
    h(
      Text,
      { style: { ...text, margin: '0', fontWeight: 'bold' } },
      h(Link, { href: article.url }, article.title),
      article.premium ? ' (Premium)' : '',
    ),
    h(Text, { style: { ...small, margin: '0' } }, article.byline),
    article.premium
      ? h(
          Text,
          { style: { ...text, margin: '4px 0 0' } },
          'For premium readers. ',
          subscribeUrl ? h(Link, { href: subscribeUrl }, 'Subscribe to read it') : null,
        )
      : article.excerpt
        ? h(Text, { style: { ...text, margin: '4px 0 0' } }, article.excerpt)
        : null,
  );
}

function MailDocument({ content }: { content: MailContent }): ReactNode {
  return h(
    Html,
    { lang: 'en' },
    h(Head),
    h(Preview, null, content.preview),
    h(
      Body,
      { style: { backgroundColor: '#f4f4f4', fontFamily: 'Georgia, serif' } },
      h(
        Container,
        { style: { backgroundColor: '#fff', padding: '24px', maxWidth: '600px' } },
        h(Text, { style: { ...small, letterSpacing: '2px', margin: '0' } }, 'NEWSROOM'),
        h(Heading, { as: 'h1', style: { fontSize: '22px', color: '#111' } }, content.heading),
        ...content.paragraphs.map((p, i) => h(Text, { key: `p${i}`, style: text }, p)),
        content.action
          ? h(
              Button,
              {
                href: content.action.url,
                style: { backgroundColor: '#111', color: '#fff', padding: '10px 18px', borderRadius: '4px' },
              },
              content.action.label,
            )
          : null,
        content.articles?.length
          ? h(
              Section,
              { style: { marginTop: '16px' } },
              ...content.articles.map((a, i) => articleItem(a, content.subscribeUrl, i)),
            )
          : null,
        h(Hr),
        h(Text, { style: small }, content.footer),
        content.unsubscribeUrl
          ? h(Text, { style: small }, h(Link, { href: content.unsubscribeUrl }, 'Unsubscribe'))
          : null,
      ),
    ),
  );
}

/** The mail's HTML and plain-text bodies, from one tree. */
export async function renderMail(content: MailContent): Promise<{ html: string; text: string }> {
  const tree = h(MailDocument, { content });
  const [html, plain] = await Promise.all([render(tree), render(tree, { plainText: true })]);
  return { html, text: plain };
}
