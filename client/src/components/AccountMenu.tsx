import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import type { SessionUser } from '@/lib/session';
import { Avatar } from './Avatar';
import { LogOutIcon } from './icons';
import { useDismiss } from './useDismiss';

/**
 * The signed-in reader's avatar and its menu (name, email, Logout). Loaded with the session, not
 * with the first paint (Navbar shows a placeholder of the same size meanwhile).
 */
export default function AccountMenu({ user }: { user: SessionUser }) {
  const { logOut } = useAuth();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const ref = useDismiss(open, () => setOpen(false));

  // Any navigation closes the menu.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  const handleLogout = async () => {
    try {
      await logOut();
      toast.success('Logout successful', { duration: 1000 });
    } catch (error) {
      console.error(error);
      toast.error(`Could not log out: ${errorMessage(error)}`, { duration: 6000 });
    }
  };

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        className="rounded-full"
        aria-label="Account menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="avatar-button"
      >
        <Avatar src={user.photoURL} name={user.displayName ?? user.email} />
      </button>
      {open && (
        <div className="card absolute top-12 right-0 z-50 w-64 p-4 shadow-xl" role="menu">
          <p className="truncate font-display text-lg font-bold">{user.displayName || 'Reader'}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
          <button
            type="button"
            role="menuitem"
            onClick={handleLogout}
            className="btn btn-primary mt-4 w-full"
          >
            <LogOutIcon aria-hidden="true" /> Logout
          </button>
        </div>
      )}
    </div>
  );
}
