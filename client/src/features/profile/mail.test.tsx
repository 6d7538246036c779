import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { renderScreen } from '@/test/render-screen';
import { MailHistoryTable } from './MailHistoryTable';
import { MailPreferencesForm } from './MailPreferencesForm';

const OFF = {
  digest: 'off',
  scope: 'following',
  hour: 7,
  notices: true,
  confirmed: false,
  pendingConfirmation: false,
};

let api: ApiStandIn;
beforeAll(async () => {
  api = await startApiStandIn();
});
afterAll(() => api.close());
afterEach(() => queryClient.clear());

describe('the E-mail tab', () => {
  it('turns the digest on and says a confirm link was mailed', async () => {
    api.respond((req) => {
      if (req.path === '/me/mail-preferences' && req.method === 'GET') return { status: 200, body: OFF };
      if (req.path === '/me/mail-preferences' && req.method === 'PUT')
        return {
          status: 200,
          body: { ...(req.body as object), confirmed: false, pendingConfirmation: true },
        };
      return { status: 200, body: { mails: [] } };
    });
    const user = userEvent.setup();
    renderScreen(<MailPreferencesForm />, { client: queryClient });
    await user.selectOptions(await screen.findByLabelText('Digest'), 'daily');
    await user.selectOptions(screen.getByLabelText('What it lists'), 'everything');
    await user.selectOptions(screen.getByLabelText('Hour (UTC)'), '18');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('We mailed you a link: follow it to start the digest.')).toBeTruthy();
    const put = api.seen.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ digest: 'daily', scope: 'everything', hour: 18, notices: true });
  });

  it('lists the mails sent, newest first, with their status', async () => {
    api.respond(() => ({
      status: 200,
      body: {
        mails: [
          {
            _id: 'a'.repeat(24),
            kind: 'article.approved',
            subject: 'Your article is published: Harbour lights',
            status: 'sent',
            createdAt: '2026-06-01T07:00:00.000Z',
            sentAt: '2026-06-01T07:00:05.000Z',
          },
          {
            _id: 'b'.repeat(24),
            kind: 'digest',
            subject: 'Your daily Newsroom digest: 2 new articles',
            status: 'pending',
            createdAt: '2026-06-01T06:00:00.000Z',
            sentAt: null,
          },
        ],
      },
    }));
    renderScreen(<MailHistoryTable />, { client: queryClient });
    expect(await screen.findByText('Your article is published: Harbour lights')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(screen.getByText('Article approved')).toBeTruthy();
    expect(screen.getByText('Waiting')).toBeTruthy();
  });
});
