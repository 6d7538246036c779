import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface UserCounts {
  allUserCount: number;
  normalUsersCount: number;
  premiumUsersCount: number;
}

export async function fetchUserCounts(): Promise<UserCounts> {
  const { data } = await api.get<UserCounts>('/users-count');
  return data;
}

export function useUserCounts() {
  return useQuery({ queryKey: ['users-count'], queryFn: fetchUserCounts });
}

export async function fetchActiveUsers(): Promise<number> {
  const { data } = await api.get<{ activeUsers: number }>('/active-users');
  return data.activeUsers;
}

/** GET /active-users — the About page's live count, refreshed every 30 s. */
export function useActiveUsers() {
  return useQuery({
    queryKey: ['active-users'],
    queryFn: fetchActiveUsers,
    refetchInterval: 30_000,
    // A decorative count polled in the background: a failed poll is not worth a toast every 30 s.
    meta: { errorToast: false },
  });
}
