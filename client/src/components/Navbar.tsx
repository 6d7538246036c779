import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { CloseIcon, MenuIcon } from './icons';
import { Logo } from './Logo';
import { navLinks } from './nav-links';
import { ThemeToggle } from './ThemeToggle';
import { useDismiss } from './useDismiss';

// Only signed-in readers see it, and only once their session is known: not in the first-paint bundle.
const AccountMenu = lazy(() => import('./AccountMenu'));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'text-accent underline decoration-2 underline-offset-8' : 'text-ink hover:text-accent'
  }`;

/** Where the avatar goes while the session is being restored or its menu loads: same size, no shift. */
const avatarPlaceholder = (
  <span className="block size-10 animate-pulse rounded-full bg-surface-2" data-testid="session-placeholder" />
);

export function Navbar() {
  const { user, isAdmin, loading } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const links = navLinks({ signedIn: Boolean(user?.email), isAdmin });

  // Any navigation closes the menu.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  const menuRef = useDismiss(menuOpen, () => setMenuOpen(false));

  return (
    <header className="sticky top-0 z-40 border-b border-rule bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <nav aria-label="Main" className="container-page flex h-16 items-center gap-1.5 sm:gap-3">
        <div ref={menuRef} className="relative xl:hidden">
          <button
            type="button"
            className="grid size-10 place-items-center rounded-md text-ink hover:bg-surface-2"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? (
              <CloseIcon className="size-6" aria-hidden="true" />
            ) : (
              <MenuIcon className="size-6" aria-hidden="true" />
            )}
          </button>
          {menuOpen && (
            <ul
              id="mobile-menu"
              className="card absolute top-12 left-0 z-50 flex w-64 flex-col gap-1 p-2 shadow-xl"
              data-testid="mobile-menu"
            >
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.to === '/'} className={(s) => `block ${linkClass(s)}`}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </div>

        <Logo />

        <ul className="mx-auto hidden items-center gap-0.5 xl:flex" data-testid="desktop-nav">
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end={l.to === '/'} className={linkClass}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="ml-auto flex items-center gap-1.5 sm:gap-2 xl:ml-0">
          <ThemeToggle />
          {user?.email ? (
            <Suspense fallback={avatarPlaceholder}>
              <AccountMenu user={user} />
            </Suspense>
          ) : loading ? (
            // A sign-in is being restored: neither Login nor an avatar yet.
            avatarPlaceholder
          ) : (
            // Server-rendered for a returning reader (`restoring` variant, index.css): the placeholder
            // until the app runs and knows the session.
            <div className="flex items-center gap-1.5 sm:gap-2">
              <span
                className="hidden size-10 animate-pulse rounded-full bg-surface-2 restoring:block"
                data-testid="session-placeholder"
              />
              <Link to="/login" className="btn btn-outline px-2.5 py-1.5 restoring:hidden sm:px-4 sm:py-2">
                Login
              </Link>
              <Link
                to="/registration"
                className="btn btn-primary px-2.5 py-1.5 restoring:hidden sm:px-4 sm:py-2"
              >
                Register
              </Link>
            </div>
          )}
        </div>
      </nav>
    </header>
  );
}
