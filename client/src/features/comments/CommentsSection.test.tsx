import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_MAX } from '@newsroom/common';
import { startApiStandIn, type ApiStandIn, type Responder } from '@/test/api-stand-in';
import { allowDialogs } from '@/test/dialog-polyfill';
import { allowToasts, renderScreen, sessionValue } from '@/test/render-screen';
import CommentsSection from './CommentsSection';
import { ARTICLE, page, thread } from '@/test/comment-fixtures';

let api: ApiStandIn;
beforeAll(async () => {
  allowDialogs();
  allowToasts();
  api = await startApiStandIn();
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

const listPath = `/articles/${ARTICLE}/comments`;
const signedOut = sessionValue({ user: null });
const inFuture = () => new Date(Date.now() + 5 * 60_000).toISOString();

/** Answers the list with `list` and every write with `write` (201 with the comment by default). */
function serve(list: Responder, write: Responder = () => ({ status: 201, body: thread(99) })) {
  api.respond((req) => (req.method === 'GET' ? list(req) : write(req)));
}

const section = () => screen.findByRole('region', { name: /comment/i });

describe('the comments under an article', () => {
  it('a signed-out visitor reads them: the count, the pinned one first, replies, the writer’s badge, a removed line, and a link to log in', async () => {
    const pinned = thread(1, { body: 'Pinned words', pinned: true });
    serve(() => ({
      status: 200,
      body: page(
        [
          thread(2, {
            body: 'First line\nSecond line',
            replyCount: 1,
            replies: [
              thread(3, {
                replyTo: thread(2)._id,
                body: 'A reply from the writer',
                isWriter: true,
                author: { name: 'Wendy Writer', photoURL: '', writerId: 'w'.repeat(10) },
              }),
            ],
          }),
          thread(4, {
            removed: true,
            body: '',
            author: null,
            replyCount: 1,
            replies: [thread(5, { replyTo: thread(4)._id, body: 'Still here' })],
          }),
          pinned,
        ],
        { pinned, commentCount: 5 },
      ),
    }));
    renderScreen(<CommentsSection articleId={ARTICLE} isArticleWriter={false} />, { session: signedOut });

    const region = await section();
    expect(await within(region).findByRole('heading', { level: 2, name: '5 comments' })).toBeInTheDocument();
    const bodies = within(region).getAllByTestId('comment-body');
    // The pinned comment first, and only there.
    expect(bodies[0]).toHaveTextContent('Pinned words');
    expect(within(region).getAllByText('Pinned words')).toHaveLength(1);
    expect(
      within(screen.getByTestId('pinned-comment')).getByText('Pinned by the writer'),
    ).toBeInTheDocument();
    // Line breaks kept, as text.
    expect(bodies[1]!.textContent).toBe('First line\nSecond line');
    const writerComment = screen.getByRole('article', { name: 'Wendy Writer' });
    expect(within(writerComment).getByText('Writer')).toBeInTheDocument();
    expect(within(writerComment).getByRole('link', { name: 'Wendy Writer' })).toHaveAttribute(
      'href',
      `/writers/${'w'.repeat(10)}`,
    );
    expect(screen.getByText('Comment removed')).toBeInTheDocument();
    expect(screen.getByText('Still here')).toBeInTheDocument();
    // No form and no actions for a signed-out visitor: a way to log in instead.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in to comment' })).toHaveAttribute('href', '/login');
  });

  it('shows a link in a comment as a nofollow ugc link, and markup as text', async () => {
    serve(() => ({
      status: 200,
      body: page([thread(1, { body: 'See https://example.test/report. <b>bold</b>' })]),
    }));
    renderScreen(<CommentsSection articleId={ARTICLE} isArticleWriter={false} />, { session: signedOut });
    const link = await screen.findByRole('link', { name: 'https://example.test/report' });
    expect(link).toHaveAttribute('href', 'https://example.test/report');
    expect(link.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['nofollow', 'ugc']));
    expect(screen.getByTestId('comment-body')).toHaveTextContent(
      'See https://example.test/report. <b>bold</b>',
    );
  });

  it('shows nothing at all for a premium article the reader may not read (402)', async () => {
    serve(() => ({ status: 402, body: { needPremium: true, message: 'Premium comments' } }));
    renderScreen(<CommentsSection articleId={ARTICLE} isArticleWriter={false} />);
    await waitFor(() => expect(api.seen.some((r) => r.path.startsWith(listPath))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(screen.queryByText(/comment/i)).toBeNull();
  });

  it("a gift link's reader reads a premium article's comments through the link, and is asked to subscribe to comment", async () => {
    serve(() => ({ status: 200, body: page([thread(1)]) }));
    renderScreen(
      <CommentsSection
        articleId={ARTICLE}
        isArticleWriter={false}
        gift={{ token: 'T'.repeat(43), readerKey: 'K'.repeat(43) }}
      />,
      { session: signedOut },
    );
    const region = await section();
    await within(region).findByText(thread(1).body);
    const asked = api.seen.find((r) => r.path.startsWith(listPath))!;
    expect(new URL(asked.path, 'http://x').searchParams.get('gift')).toBe('T'.repeat(43));
    expect(new URL(asked.path, 'http://x').searchParams.get('readerKey')).toBe('K'.repeat(43));
    expect(within(region).getByRole('link', { name: 'Subscribe to comment' }).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(within(region).queryByRole('link', { name: 'Log in to comment' })).toBeNull();
    expect(within(region).queryByRole('button', { name: /reply/i })).toBeNull();
  });

  it('a reader comments: the shared limit is shown, the text is posted, and a stopped reader reads why', async () => {
    const user = userEvent.setup();
    let banned = false;
    serve(
      () => ({ status: 200, body: page([]) }),
      () =>
        banned
          ? { status: 409, body: { message: 'You can no longer comment: spam', banned: true } }
          : { status: 201, body: thread(9) },
    );
    renderScreen(<CommentsSection articleId={ARTICLE} isArticleWriter={false} />);
    const box = await screen.findByRole('textbox', { name: 'Your comment' });
    expect(screen.getByText(`0 / ${COMMENT_MAX}`)).toBeInTheDocument();
    expect(box).toHaveAttribute('maxlength', String(COMMENT_MAX));
    await user.type(box, 'Good piece{Enter}Second line');
    expect(screen.getByText(`22 / ${COMMENT_MAX}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() =>
      expect(api.seen.find((r) => r.method === 'POST')?.body).toEqual({ body: 'Good piece\nSecond line' }),
    );
    await waitFor(() => expect(box).toHaveValue(''));

    // An empty comment is refused before sending.
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Write something first')).toBeInTheDocument();

    banned = true;
    await user.type(box, 'Again');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can no longer comment: spam');
    expect(box).toHaveValue('Again');
  });

  it('a reader replies to a comment, and edits their own within its window', async () => {
    const user = userEvent.setup();
    const mine = thread(2, { mine: true, editableUntil: inFuture(), body: 'My first take' });
    serve(
      () => ({ status: 200, body: page([thread(1), mine]) }),
      (req) => ({ status: req.method === 'POST' ? 201 : 200, body: { ...mine, edited: true } }),
    );
    renderScreen(<CommentsSection articleId={ARTICLE} isArticleWriter={false} />);

    await user.click(await screen.findByRole('button', { name: 'Reply: comment by Reader 1' }));
    const reply = screen.getByRole('textbox', { name: 'Your reply to Reader 1' });
    expect(reply).toHaveFocus();
    await user.type(reply, 'I agree');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await waitFor(() =>
      expect(api.seen.find((r) => r.method === 'POST')?.body).toEqual({
        body: 'I agree',
        replyTo: thread(1)._id,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Your reply to Reader 1' })).toBeNull());

    // Only their own comment can be edited; others' can be reported instead.
    expect(screen.queryByRole('button', { name: 'Edit: comment by Reader 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report: comment by Reader 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit: comment by Reader 2' }));
    const edit = screen.getByRole('textbox', { name: 'Edit your comment' });
    expect(edit).toHaveValue('My first take');
    await user.clear(edit);
    await user.type(edit, 'My second take');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.seen.find((r) => r.method === 'PATCH')).toMatchObject({
        path: `/comments/${mine._id}`,
        body: { body: 'My second take' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).toBeNull());
  });

  it('shows "edited" on an edited comment, and no Edit once its window has passed', async () => {
    serve(() => ({
      status: 200,
      body: page([thread(1, { mine: true, edited: true, editableUntil: '2020-01-01T00:00:00.000Z' })]),
    }));
    renderScreen(<CommentsSection articleId={ARTICLE} isArticleWriter={false} />);
    const comment = await screen.findByRole('article', { name: 'Reader 1' });
    expect(comment).toHaveTextContent('edited');
    expect(within(comment).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(comment).getByRole('button', { name: 'Delete: comment by Reader 1' })).toBeInTheDocument();
  });

  it('a reader reports a comment with a reason from the list; a refusal is said in the dialog', async () => {
    const user = userEvent.setup();
    let refuse = true;
    serve(
      () => ({ status: 200, body: page([thread(1)]) }),
      () =>
        refuse
          ? { status: 429, body: { message: 'Too many edits, slow down' } }
          : { status: 200, body: { reported: true } },
    );
    renderScreen(<CommentsSection articleId={ARTICLE} isArticleWriter={false} />);
    await user.click(await screen.findByRole('button', { name: 'Report: comment by Reader 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    await user.click(within(dialog).getByRole('radio', { name: 'Abuse or harassment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many edits, slow down');
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this comment' })).toBeNull());
    expect(api.seen.filter((r) => r.method === 'POST').at(-1)).toMatchObject({
      path: `/comments/${thread(1)._id}/reports`,
      body: { reason: 'abuse' },
    });
  });

  it('the article’s writer pins a comment; other readers get no Pin button', async () => {
    const user = userEvent.setup();
    serve(
      () => ({ status: 200, body: page([thread(1)]) }),
      () => ({ status: 200, body: { ...thread(1), pinned: true } }),
    );
    renderScreen(<CommentsSection articleId={ARTICLE} isArticleWriter />);
    await user.click(await screen.findByRole('button', { name: 'Pin: comment by Reader 1' }));
    await waitFor(() =>
      expect(api.seen.find((r) => r.method === 'PUT')?.path).toBe(`/comments/${thread(1)._id}/pin`),
    );
  });

  it('orders newest or oldest first and pages with "More comments"', async () => {
    const user = userEvent.setup();
    serve(({ path }) => {
      const query = new URL(path, 'http://x').searchParams;
      const n = Number(query.get('page'));
      const sort = query.get('sort');
      return {
        status: 200,
        body: page([thread(n, { body: `${sort} page ${n}` })], { page: n, totalPages: 2, commentCount: 2 }),
      };
    });
    renderScreen(<CommentsSection articleId={ARTICLE} isArticleWriter={false} />, { session: signedOut });
    expect(await screen.findByText('newest page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'More comments' }));
    expect(await screen.findByText('newest page 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More comments' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Oldest first' }));
    expect(await screen.findByText('oldest page 1')).toBeInTheDocument();
    expect(screen.queryByText('newest page 1')).toBeNull();
  });
});
