import { describe, expect, it } from 'vitest';
import { navLinks } from './nav-links';

const paths = (signedIn: boolean, isAdmin: boolean) => navLinks({ signedIn, isAdmin }).map((l) => l.to);

describe('navLinks (docs/product.md §2)', () => {
  it('signed out: Home, All Articles, About Us', () => {
    expect(paths(false, false)).toEqual(['/', '/all-articles', '/about-us']);
  });

  it('signed-in non-admin: the member links and /user-dashboard labelled Dashboard', () => {
    expect(paths(true, false)).toEqual([
      '/',
      '/all-articles',
      '/add-articles',
      '/subscription',
      '/my-articles',
      '/premium-articles',
      '/user-dashboard',
      '/about-us',
    ]);
    expect(navLinks({ signedIn: true, isAdmin: false }).find((l) => l.to === '/user-dashboard')?.label).toBe(
      'Dashboard',
    );
  });

  it('admin: /dashboard instead of /user-dashboard', () => {
    const admin = paths(true, true);
    expect(admin).toContain('/dashboard');
    expect(admin).not.toContain('/user-dashboard');
  });
});
