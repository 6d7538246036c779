import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { useProfile } from '@/lib/api/users';
import { useAuth } from '@/lib/auth';

/**
 * Moderators only (docs/roles.md): an editor (their profile says so) or an admin; anyone else goes
 * back to their dashboard. Inside the signed-in area, so a session is already there.
 */
export function EditorRoute({ children }: { children: ReactNode }) {
  const { user, isAdmin, adminLoading } = useAuth();
  const profile = useProfile(user?.email);
  if (adminLoading || profile.isPending) return <FullScreenLoader />;
  if (!isAdmin && profile.data?.editor !== true) return <Navigate to="/user-dashboard" replace />;
  return children;
}
