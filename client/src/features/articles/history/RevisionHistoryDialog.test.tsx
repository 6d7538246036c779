import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import type { ArticleRevision } from '@newsroom/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { allowDialogs } from '@/test/dialog-polyfill';
import { allowToasts, renderScreen } from '@/test/render-screen';
import { HistoryButton } from './HistoryButton';

const ID = 'a'.repeat(24);
const DECLINED = 'd'.repeat(24);
const revision = (n: number, title: string, description: string, extra: Partial<ArticleRevision> = {}) =>
  ({
    n,
    articleTitle: title,
    articleDescription: description,
    articleImage: 'https://example.test/p.jpg',
    publisher: 'Daily Planet',
    Tags: ['travel'],
    by: { name: 'Wendy Writer', email: 'wendy@newsroom.test' },
    at: `2026-05-0${n}T09:30:00.000Z`,
    reason: n === 1 ? 'submitted' : 'edited',
    ...extra,
  }) satisfies ArticleRevision;
const HISTORY = [
  revision(3, 'Harbour lights return', 'The lights came back on last night after ten years.', {
    publisher: 'Metro Herald',
  }),
  revision(2, 'Harbour lights return', 'The lights came back on last night.'),
  revision(1, 'Harbour lights to return', 'The lights will come back on next week.'),
];

let api: ApiStandIn;
beforeAll(async () => {
  allowDialogs();
  allowToasts();
  api = await startApiStandIn();
  api.respond(({ method, path }) => {
    if (method === 'GET' && path === `/articles/${ID}/revisions`) return { status: 200, body: HISTORY };
    if (method === 'GET' && path === `/articles/${DECLINED}/revisions`) return { status: 200, body: HISTORY };
    if (method === 'POST' && path === `/articles/${ID}/revisions/1/restore`)
      return { status: 200, body: { message: 'Revision restored', modifiedCount: 1, article: {} } };
    if (method === 'POST' && path.startsWith(`/articles/${DECLINED}/revisions/`))
      return { status: 409, body: { message: 'A declined article cannot be updated' } };
    return { status: 404, body: { message: 'Not found' } };
  });
});
afterAll(() => api.close());

const openHistory = async (id: string) => {
  const user = userEvent.setup();
  renderScreen(
    <>
      <HistoryButton articleId={id} articleTitle="Harbour lights return" />
      <Toaster />
    </>,
  );
  await user.click(screen.getByRole('button', { name: 'History of Harbour lights return' }));
  const dialog = await screen.findByRole('dialog', { name: 'Article history' });
  await within(dialog).findByRole('button', { name: /Version 3 \(current\)/ });
  return { user, dialog };
};

describe('an article’s history', () => {
  it('lists the versions newest first and shows what an earlier one changes, without colour alone', async () => {
    const { user, dialog } = await openHistory(ID);
    const versions = within(dialog).getAllByRole('button', { pressed: false, name: /^Version/ });
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^Version/ })
        .map((b) => b.textContent),
    ).toEqual([
      expect.stringMatching(/^Version 3 \(current\).*Wendy Writer · edited$/),
      expect.stringMatching(/^Version 2.*Wendy Writer · edited$/),
      expect.stringMatching(/^Version 1.*Wendy Writer · submitted$/),
    ]);
    expect(versions).toHaveLength(2);
    // The version before the current one is shown first.
    expect(within(dialog).getByRole('button', { name: /^Version 2/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(dialog.querySelector('time')).toHaveAttribute('dateTime', '2026-05-03T09:30:00.000Z');

    await user.click(within(dialog).getByRole('button', { name: /^Version 1/ }));
    expect(
      within(dialog).getByRole('heading', { name: 'Version 1 compared with the current version (3)' }),
    ).toBeInTheDocument();
    const inserted = [...dialog.querySelectorAll('ins')].map((e) => e.textContent);
    const deleted = [...dialog.querySelectorAll('del')].map((e) => e.textContent);
    // Version 1's words are underlined (<ins>), the current version's struck through (<del>), each
    // named for a screen reader; the publisher differs too.
    expect(inserted).toEqual(
      expect.arrayContaining(['only in this version: to ', 'only in this version: Daily Planet']),
    );
    expect(inserted.join(' ')).toContain('will come');
    expect(deleted).toEqual(expect.arrayContaining(['only in the current version: Metro Herald']));
    expect(deleted.join(' ')).toContain('came');
    expect(within(dialog).getByText('Publisher')).toBeInTheDocument();
  });

  it('restores the chosen version once confirmed, then closes and says so', async () => {
    const { user, dialog } = await openHistory(ID);
    await user.click(within(dialog).getByRole('button', { name: /^Version 1/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    expect(
      within(dialog).getByText(/^Restore version 1\? Its text becomes a new version/),
    ).toBeInTheDocument();
    expect(api.seen.some((r) => r.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, restore it' }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(api.seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/articles/${ID}/revisions/1/restore`,
    ]);
    expect(await screen.findByText('Version 1 restored: the article is back in review.')).toBeInTheDocument();
    // The history is read again (the restore added a version).
    await waitFor(() =>
      expect(api.seen.filter((r) => r.path === `/articles/${ID}/revisions`).length).toBeGreaterThan(1),
    );
  });

  it('says why a restore was refused and stays open', async () => {
    const { user, dialog } = await openHistory(DECLINED);
    await user.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, restore it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A declined article cannot be updated',
    );
    expect(dialog).toHaveAttribute('open');
  });
});
