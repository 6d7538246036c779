import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { useAuth } from '@/lib/auth';

/** Signed-in only: spinner while the session loads, else /login (remembering where the user was going). */
export function PrivateRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenLoader />;
  if (!user?.email) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}
