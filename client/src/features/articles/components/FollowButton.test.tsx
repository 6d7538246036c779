import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { startApiStandIn, type Answer, type ApiStandIn } from '@/test/api-stand-in';
import { allowToasts, renderScreen, sessionValue } from '@/test/render-screen';
import { FollowButton } from './FollowButton';

const PLANET = { id: 'b'.repeat(24), name: 'Daily Planet', image: 'https://img.example/planet.png' };
const NOTHING_FOLLOWED = { publishers: [], writers: [] };

let api: ApiStandIn;
beforeAll(async () => {
  allowToasts();
  api = await startApiStandIn();
});
afterAll(() => api.close());
afterEach(() => queryClient.clear());

/** Answers GET /me/follows with what is followed now; a follow call with `followAnswer` once `release` runs. */
function server(followAnswer: Answer) {
  let followed: unknown = NOTHING_FOLLOWED;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  api.respond(async (req) => {
    if (req.path === '/me/follows') return { status: 200, body: followed };
    if (req.path === `/follows/publishers/${PLANET.id}`) {
      await gate;
      if (followAnswer.status === 200) {
        followed =
          req.method === 'POST'
            ? {
                publishers: [{ _id: PLANET.id, publisherName: PLANET.name, logo: PLANET.image }],
                writers: [],
              }
            : NOTHING_FOLLOWED;
      }
      return followAnswer;
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  return { release: () => release() };
}

const renderButton = (session = sessionValue()) =>
  renderScreen(
    <>
      <FollowButton kind="publisher" target={PLANET} />
      <Toaster />
    </>,
    { session, client: queryClient },
  );

describe('the Follow button', () => {
  it('follows at once (aria-pressed), then keeps what the server says', async () => {
    const call = server({ status: 200, body: { following: true, followers: 1 } });
    const user = userEvent.setup();
    renderButton();
    const button = await screen.findByRole('button', { name: 'Follow Daily Planet' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await user.click(button);
    // Optimistic: pressed while the server holds its answer back.
    expect(await screen.findByRole('button', { name: 'Following Daily Planet' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(api.seen.some((c) => c.method === 'POST' && c.path === `/follows/publishers/${PLANET.id}`)).toBe(
        true,
      ),
    );
    await act(async () => call.release());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'Following Daily Planet' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('goes back and says so when the server refuses', async () => {
    const call = server({ status: 409, body: { message: 'You follow too many already' } });
    const user = userEvent.setup();
    renderButton();
    const button = await screen.findByRole('button', { name: 'Follow Daily Planet' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    await act(async () => call.release());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Follow Daily Planet' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(await screen.findByText('You follow too many already')).toBeInTheDocument();
  });

  it('is not drawn for a signed-out reader, nor before hydration', async () => {
    server({ status: 200, body: { following: true, followers: 1 } });
    const before = api.seen.length;
    renderButton(sessionValue({ user: null }));
    renderScreen(<FollowButton kind="publisher" target={PLANET} />, { hydrated: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
    // Neither asks what is followed: the signed-out reader has nothing, the hydrating page waits.
    expect(api.seen.length).toBe(before);
  });

  it('signedOut="login": a signed-out reader gets a link to sign in', async () => {
    const user = userEvent.setup();
    renderScreen(<FollowButton kind="writer" target={{ ...PLANET, name: 'Wendy' }} signedOut="login" />, {
      session: sessionValue({ user: null }),
      path: '/writers/w1',
    });
    await user.click(screen.getByRole('link', { name: 'Follow Wendy' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/login {"from":"/writers/w1"}');
  });
});
