import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { allowDialogs } from '@/test/dialog-polyfill';
import { allowToasts, renderScreen, sessionValue } from '@/test/render-screen';
import { AllArticlesAdminTable } from './AllArticlesAdminTable';

const article = (id: string, title: string, extra: object = {}) => ({
  _id: id.repeat(24),
  articleTitle: title,
  articleImage: 'https://example.test/p.jpg',
  articleDescription: 'Text.',
  publisher: 'Daily Planet',
  Tags: ['travel'],
  status: 'Pending',
  isPremium: 'No',
  decliningReason: null,
  createdAt: '2026-03-10T12:00:00.000Z',
  totalViewCount: 0,
  userInfo: { name: 'Wendy Writer', image: '', email: 'wendy@newsroom.test' },
  ...extra,
});
const PENDING = article('a', 'Harbour fees rise');
const SCHEDULED = article('c', 'Lighthouse reopens', {
  status: 'Scheduled',
  publishAt: '2030-06-01T07:30:00.000Z',
});
const SENT_BACK = article('b', 'Quay wall repairs', {
  status: 'Changes requested',
  reviewNote: 'Add the council’s answer',
});

let api: ApiStandIn;
beforeAll(async () => {
  allowDialogs();
  allowToasts();
  api = await startApiStandIn();
  api.respond(({ method, path, body }) => {
    if (path.startsWith('/all-articles/data'))
      return { status: 200, body: { articles: [PENDING, SENT_BACK, SCHEDULED], totalPages: 1 } };
    if (path === '/all-articles/counts')
      return {
        status: 200,
        body: { Pending: 1, Approved: 0, Declined: 0, 'Changes requested': 1, total: 2 },
      };
    if (method === 'PATCH' && path === `/article/schedule/${PENDING._id}`) {
      const { publishAt } = body as { publishAt: string };
      return {
        status: 200,
        body: { message: 'Article scheduled', article: { ...PENDING, status: 'Scheduled', publishAt } },
      };
    }
    if (method === 'PATCH' && path === `/article/request-changes/${PENDING._id}`) {
      const { reviewNote } = body as { reviewNote: string };
      return {
        status: 200,
        body: {
          message: 'Changes requested',
          article: { ...PENDING, status: 'Changes requested', reviewNote },
        },
      };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
});
afterAll(() => api.close());

const rowOf = async (title: string) =>
  (await screen.findByRole('button', { name: `Read: ${title}` })).closest('tr')!;

/**
 * The dialog's time field. Its label ('Publish on (your time zone)') is written with innerText, which
 * jsdom lacks: found by the dialog's input here (in a browser the label names it).
 */
const whenInput = async () => {
  await screen.findByRole('heading', { name: 'Schedule publication' });
  const input = document.getElementById('swal2-input') as HTMLInputElement;
  expect(input.type).toBe('datetime-local');
  return input;
};

describe('All Articles: Schedule', () => {
  it('shows a scheduled article with its time; schedules a pending one at the time chosen in the reader’s zone', async () => {
    const user = userEvent.setup();
    renderScreen(<AllArticlesAdminTable />, { session: sessionValue({ isAdmin: true }) });

    const scheduled = await rowOf('Lighthouse reopens');
    expect(within(scheduled).getByText('Scheduled', { selector: '.badge' })).toBeInTheDocument();
    expect(within(scheduled).getByText(/^Publishes /)).toHaveTextContent('2030');
    // It may still be published at once or moved; not declined or sent back meanwhile.
    expect(within(scheduled).getByRole('button', { name: 'Approve: Lighthouse reopens' })).toBeEnabled();
    // Its visible text is its name's start (WCAG 2.5.3): a scheduled one is rescheduled.
    expect(within(scheduled).getByRole('button', { name: 'Reschedule: Lighthouse reopens' })).toBeEnabled();
    expect(within(scheduled).getByRole('button', { name: 'Decline: Lighthouse reopens' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Schedule: Harbour fees rise' }));
    fireEvent.input(await whenInput(), { target: { value: '2030-06-01T09:30' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(api.seen.find((r) => r.path === `/article/schedule/${PENDING._id}`)?.body).toEqual({
        publishAt: new Date('2030-06-01T09:30').toISOString(),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Scheduled' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
  }, 15_000);

  it('refuses a time in the past before sending anything', async () => {
    const user = userEvent.setup();
    const before = api.seen.length;
    renderScreen(<AllArticlesAdminTable />, { session: sessionValue({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Schedule: Harbour fees rise' }));
    fireEvent.input(await whenInput(), { target: { value: '2020-01-01T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Choose a time in the future')).toBeInTheDocument();
    expect(api.seen.slice(before).some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
  }, 15_000);
});

describe('All Articles: Request changes', () => {
  it('shows a sent-back article with its note, and sends a pending one back with the note typed', async () => {
    const user = userEvent.setup();
    renderScreen(<AllArticlesAdminTable />, { session: sessionValue({ isAdmin: true }) });

    const sentBack = await rowOf('Quay wall repairs');
    expect(within(sentBack).getByText('Changes requested', { selector: '.badge' })).toBeInTheDocument();
    expect(within(sentBack).getByText('Add the council’s answer')).toBeInTheDocument();
    // Decided (back with its writer): no second decision until they resubmit.
    for (const action of ['Approve', 'Decline', 'Request changes'])
      expect(within(sentBack).getByRole('button', { name: `${action}: Quay wall repairs` })).toBeDisabled();
    expect(await screen.findByRole('option', { name: 'Changes requested (1)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Request changes: Harbour fees rise' }));
    const note = await screen.findByPlaceholderText('The writer sees this note in My Articles');
    await user.type(note, 'Quote the port authority');
    await user.click(screen.getByRole('button', { name: 'Request changes' }));

    await waitFor(() =>
      expect(api.seen.find((r) => r.path === `/article/request-changes/${PENDING._id}`)?.body).toEqual({
        reviewNote: 'Quote the port authority',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Changes requested' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
  }, 15_000);

  it('asks for a note before sending anything back', async () => {
    const user = userEvent.setup();
    const before = api.seen.length;
    renderScreen(<AllArticlesAdminTable />, { session: sessionValue({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: 'Request changes: Harbour fees rise' }));
    await screen.findByPlaceholderText('The writer sees this note in My Articles');
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('A note is required')).toBeInTheDocument();
    expect(api.seen.slice(before).some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
  }, 15_000);

  it('offers an editor every moderation action but Delete', async () => {
    renderScreen(<AllArticlesAdminTable canDelete={false} />, { session: sessionValue() });
    const row = await rowOf('Harbour fees rise');
    for (const action of ['Approve', 'Decline', 'Request changes', 'Make Premium'])
      expect(within(row).getByRole('button', { name: `${action}: Harbour fees rise` })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Delete:/ })).toBeNull();
  });
});
