import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { renderScreen, sessionValue } from '@/test/render-screen';
import AdminDashboard from './AdminDashboard';

let api: ApiStandIn;
let reported = 0;
beforeAll(async () => {
  api = await startApiStandIn();
  api.respond(({ path }) => {
    if (path === '/all-articles/counts') {
      return { status: 200, body: { Pending: 0, Approved: 4, Declined: 1, total: 5 } };
    }
    if (path === '/admin/comments/counts') return { status: 200, body: { reported } };
    return { status: 404, body: { message: 'Not found' } };
  });
});
afterAll(async () => {
  await api.close();
});

const admin = sessionValue({ isAdmin: true });

describe('the admin menu', () => {
  it('says how many reported comments wait beside Comments', async () => {
    reported = 3;
    renderScreen(<AdminDashboard />, { session: admin, path: '/dashboard' });
    const menu = screen.getByRole('navigation', { name: 'Admin dashboard' });
    const link = within(menu).getByRole('link', { name: /^Comments/ });
    expect(await within(link).findByTestId('menu-badge')).toHaveTextContent('3');
    expect(link).toHaveAccessibleName('Comments');
    expect(link).toHaveAccessibleDescription('3 comments reported');
    // No article waits for review: All Articles has no badge.
    expect(within(menu).getAllByTestId('menu-badge')).toHaveLength(1);
  });

  it('shows no badge when nothing is reported', async () => {
    reported = 0;
    renderScreen(<AdminDashboard />, { session: admin, path: '/dashboard' });
    await screen.findByRole('navigation', { name: 'Admin dashboard' });
    await new Promise((r) => setTimeout(r, 100));
    expect(api.seen.some((r) => r.path === '/admin/comments/counts')).toBe(true);
    expect(screen.queryByTestId('menu-badge')).toBeNull();
  });
});
