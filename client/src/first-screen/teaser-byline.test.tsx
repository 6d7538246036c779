/**
 * The teaser a signed-out reader gets of an article links its byline to the writer's page
 * (/writers/<publicId>), in the site's server-rendered first screen and in the app, as the signed-in
 * article page does.
 */
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PublicArticleTeaser } from '@/features/articles/components/PublicArticleTeaser';
import { articleQueries } from '@/lib/api/articles';
import type { ArticleTeaser } from '@/lib/api/types';
import { renderScreen, sessionValue } from '@/test/render-screen';
import { renderFirstScreen } from './server';

const ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const WRITER = 'q3Xv0mB9_kR2sT7wYz-A1g';
const teaser: ArticleTeaser = {
  _id: ID,
  articleTitle: 'A premium story',
  articleImage: 'https://images.example.test/7.jpg',
  articleDescription: 'What happened, told at length.',
  publisher: 'The Daily',
  Tags: ['technology'],
  isPremium: 'Yes',
  createdAt: '2026-03-01T09:30:00.000Z',
  userInfo: { name: 'Wanda Writer', image: '', writerId: WRITER },
};

describe("the teaser's byline", () => {
  it("links to the writer's page in the server-rendered first screen", async () => {
    const markup = await renderFirstScreen(`/article-details/${ID}`, { teaser });
    const page = document.createElement('div');
    page.innerHTML = markup!;
    const byline = page.querySelector('[data-testid="article-teaser"] header a');
    expect(byline?.textContent).toBe('Wanda Writer');
    expect(byline?.getAttribute('href')).toBe(`/writers/${WRITER}`);
  });

  it("links to the writer's page in the app", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(articleQueries.teaser(ID).queryKey, teaser);
    renderScreen(<PublicArticleTeaser id={ID} restoring={false} />, {
      client,
      session: sessionValue({ user: null }),
    });
    expect(screen.getByRole('link', { name: 'Wanda Writer' })).toHaveAttribute('href', `/writers/${WRITER}`);
  });
});
