import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleCard } from '@/test/article-fixtures';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { renderScreen } from '@/test/render-screen';
import { RelatedReading } from './RelatedReading';

const ARTICLE = 'a'.repeat(24);
let api: ApiStandIn;
beforeAll(async () => {
  api = await startApiStandIn();
});
afterAll(() => api.close());

const relatedCalls = () => api.seen.filter((c) => c.path === `/articles/related/${ARTICLE}`);

describe('Related reading under an article', () => {
  it('shows the related articles as cards, premium ones marked', async () => {
    api.respond(() => ({
      status: 200,
      body: [
        { ...articleCard(1), reason: 'topic' },
        { ...articleCard(2, { isPremium: 'Yes', articleTitle: 'A premium story' }), reason: 'alsoRead' },
      ],
    }));
    renderScreen(<RelatedReading articleId={ARTICLE} />);
    const section = await screen.findByRole('region', { name: 'Related reading' });
    expect(section.querySelectorAll('[data-testid="article-card"]')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Details: Story number 1' })).toHaveAttribute(
      'href',
      `/article-details/${articleCard(1)._id}`,
    );
    // A reader without premium sees the premium one marked and locked.
    expect(screen.getByText('Premium')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Details (premium): A premium story' })).toBeDisabled();
  });

  it('is not there when nothing is related', async () => {
    const before = relatedCalls().length;
    api.respond(() => ({ status: 200, body: [] }));
    renderScreen(<RelatedReading articleId={ARTICLE} />);
    await waitFor(() => expect(relatedCalls().length).toBe(before + 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Related reading' })).toBeNull();
    expect(screen.queryByText('Related reading')).toBeNull();
  });

  it('is neither drawn nor asked for while the server’s markup is being hydrated', async () => {
    const before = relatedCalls().length;
    api.respond(() => ({ status: 200, body: [{ ...articleCard(1), reason: 'topic' }] }));
    renderScreen(<RelatedReading articleId={ARTICLE} />, { hydrated: false });
    await new Promise((r) => setTimeout(r, 100));
    expect(relatedCalls().length).toBe(before);
    expect(screen.queryByText('Related reading')).toBeNull();
  });
});
