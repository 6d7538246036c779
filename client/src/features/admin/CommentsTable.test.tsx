import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminComment } from '@newsroom/common';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { allowDialogs } from '@/test/dialog-polyfill';
import { allowToasts, renderScreen, sessionValue } from '@/test/render-screen';
import { comment } from '@/test/comment-fixtures';
import { CommentsTable } from './CommentsTable';

const SPAM: AdminComment = {
  ...comment(0xc, {
    body: 'Cheap flats here!!!',
    author: { name: 'Sam Spammer', photoURL: '', writerId: null },
  }),
  articleTitle: 'Harbour plan',
  authorUserId: 'b'.repeat(24),
  authorBanned: false,
  reports: 2,
  reportReasons: ['spam', 'abuse'],
  lastReportedAt: '2026-03-10T13:00:00.000Z',
};
const HIDDEN: AdminComment = {
  ...SPAM,
  _id: 'd'.repeat(24),
  body: 'Rude words',
  author: { name: 'Rita Rude', photoURL: '', writerId: null },
  authorUserId: 'e'.repeat(24),
  authorBanned: true,
  hidden: true,
  reports: 0,
  reportReasons: [],
};

let api: ApiStandIn;
beforeAll(async () => {
  allowDialogs();
  allowToasts(); // also gives jsdom the matchMedia SweetAlert2 asks
  api = await startApiStandIn();
  api.respond(({ method, path }) => {
    if (method === 'GET' && path.startsWith('/admin/comments')) {
      const filter = new URL(path, 'http://x').searchParams.get('filter');
      return {
        status: 200,
        body: { comments: filter === 'recent' ? [SPAM, HIDDEN] : [SPAM], page: 1, totalPages: 1 },
      };
    }
    if (method === 'PATCH') return { status: 200, body: { ...SPAM, hidden: true } };
    if (path.startsWith('/admin/comment-bans/'))
      return { status: 200, body: { userId: SPAM.authorUserId, banned: method === 'PUT', reason: null } };
    return { status: 404, body: { message: 'Not found' } };
  });
});
afterAll(() => api.close());

const admin = sessionValue({ isAdmin: true });

describe('the admins’ Comments tab', () => {
  it('lists reported comments with their reports, and hides one', async () => {
    const user = userEvent.setup();
    renderScreen(<CommentsTable />, { session: admin });
    const row = (await screen.findAllByTestId('admin-comment-row'))[0]!;
    expect(row).toHaveTextContent('Cheap flats here!!!');
    expect(row).toHaveTextContent('Harbour plan');
    expect(row).toHaveTextContent('2 reports');
    expect(row).toHaveTextContent('Spam or advertising, Abuse or harassment');
    expect(within(row).getByTestId('comment-state')).toHaveTextContent('Shown');

    await user.click(within(row).getByRole('button', { name: 'Hide: comment by Sam Spammer' }));
    await waitFor(() =>
      expect(api.seen.find((r) => r.method === 'PATCH')).toMatchObject({
        path: `/admin/comments/${SPAM._id}`,
        body: { hidden: true },
      }),
    );
  });

  it('shows recent ones, hidden marked, restores one and lets a stopped reader comment again', async () => {
    const user = userEvent.setup();
    renderScreen(<CommentsTable />, { session: admin });
    await screen.findAllByTestId('admin-comment-row');
    await user.selectOptions(screen.getByLabelText('Show'), 'Recent');
    const rows = await screen.findAllByTestId('admin-comment-row');
    await waitFor(() => expect(screen.getAllByTestId('admin-comment-row')).toHaveLength(2));
    const rita = screen.getAllByTestId('admin-comment-row')[1]!;
    expect(rows.length).toBeGreaterThan(0);
    expect(within(rita).getByTestId('comment-state')).toHaveTextContent('Hidden');
    expect(rita).toHaveTextContent('Stopped from commenting');
    await user.click(within(rita).getByRole('button', { name: 'Let comment: comment by Rita Rude' }));
    await waitFor(() =>
      expect(api.seen.find((r) => r.method === 'DELETE')?.path).toBe(
        `/admin/comment-bans/${HIDDEN.authorUserId}`,
      ),
    );
    expect(within(rita).getByRole('button', { name: 'Restore: comment by Rita Rude' })).toBeInTheDocument();
  });

  it('stops a reader from commenting with the reason they will be told', async () => {
    const user = userEvent.setup();
    renderScreen(<CommentsTable />, { session: admin });
    const row = (await screen.findAllByTestId('admin-comment-row'))[0]!;
    await user.click(within(row).getByRole('button', { name: 'Stop commenting: comment by Sam Spammer' }));
    await screen.findByText('Stop this reader from commenting', {}, { timeout: 5000 });
    // (jsdom has no innerText, with which SweetAlert2 writes the field's label.)
    const reason = screen.getByPlaceholderText('Tell the reader why they can no longer comment');
    await user.type(reason, 'Advertising, again');
    await user.click(screen.getByRole('button', { name: 'Stop commenting' }));
    await waitFor(() =>
      expect(api.seen.find((r) => r.method === 'PUT')).toMatchObject({
        path: `/admin/comment-bans/${SPAM.authorUserId}`,
        body: { reason: 'Advertising, again' },
      }),
    );
  }, 15_000); // SweetAlert2: slow on a busy 2-core machine
});
