import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FiLogOut, FiMenu, FiX } from 'react-icons/fi';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { Avatar } from './Avatar';
import { Logo } from './Logo';
import { navLinks } from './nav-links';
import { ThemeToggle } from './ThemeToggle';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'text-accent underline decoration-2 underline-offset-8' : 'text-ink hover:text-accent'
  }`;

/** Closes a popup when clicking outside it or pressing Escape. */
function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);
  return ref;
}

export function Navbar() {
  const { user, isAdmin, logOut } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const location = useLocation();
  const links = navLinks({ signedIn: Boolean(user?.email), isAdmin });

  // Any navigation closes the menus.
  useEffect(() => {
    setMenuOpen(false);
    setProfileOpen(false);
  }, [location.pathname]);

  const menuRef = useDismiss(menuOpen, () => setMenuOpen(false));
  const profileRef = useDismiss(profileOpen, () => setProfileOpen(false));

  const handleLogout = async () => {
    try {
      await logOut();
      toast.success('Logout successful', { duration: 1000 });
    } catch (error) {
      console.error(error);
    }
  };

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
              <FiX className="size-6" aria-hidden="true" />
            ) : (
              <FiMenu className="size-6" aria-hidden="true" />
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
            <div ref={profileRef} className="relative">
              <button
                type="button"
                className="rounded-full"
                aria-label="Account menu"
                aria-expanded={profileOpen}
                onClick={() => setProfileOpen((o) => !o)}
                data-testid="avatar-button"
              >
                <Avatar src={user.photoURL} name={user.displayName ?? user.email} />
              </button>
              {profileOpen && (
                <div className="card absolute top-12 right-0 z-50 w-64 p-4 shadow-xl" role="menu">
                  <p className="truncate font-display text-lg font-bold">{user.displayName || 'Reader'}</p>
                  <p className="truncate text-sm text-muted">{user.email}</p>
                  <button
                    type="button"
                    role="menuitem"
                    onClick={handleLogout}
                    className="btn btn-primary mt-4 w-full"
                  >
                    <FiLogOut aria-hidden="true" /> Logout
                  </button>
                </div>
              )}
            </div>
          ) : (
            <div className="flex items-center gap-1.5 sm:gap-2">
              <Link to="/login" className="btn btn-outline px-2.5 py-1.5 sm:px-4 sm:py-2">
                Login
              </Link>
              <Link to="/registration" className="btn btn-primary px-2.5 py-1.5 sm:px-4 sm:py-2">
                Register
              </Link>
            </div>
          )}
        </div>
      </nav>
    </header>
  );
}
