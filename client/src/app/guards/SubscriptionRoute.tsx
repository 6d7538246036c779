import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { useAuth } from '@/lib/auth';

/** Subscribed users and admins only: others go to /subscription (signed-out users to /login). */
export function SubscriptionRoute({ children }: { children: ReactNode }) {
  const { user, loading, subscribed, subscriptionLoading, isAdmin, adminLoading } = useAuth();
  const location = useLocation();
  if (loading || (user && (subscriptionLoading || adminLoading))) return <FullScreenLoader />;
  if (!user?.email) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!subscribed && !isAdmin) return <Navigate to="/subscription" replace />;
  return children;
}
