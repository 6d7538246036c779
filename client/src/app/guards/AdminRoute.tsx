import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { useAuth } from '@/lib/auth';

/** Admins only: signed-out users go to /login, non-admins to /. */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { user, loading, isAdmin, adminLoading } = useAuth();
  const location = useLocation();
  if (loading || (user && adminLoading)) return <FullScreenLoader />;
  if (!user?.email) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return children;
}
