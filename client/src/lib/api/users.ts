import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './call';
import { queryKeys } from './keys';
import { invalidate, staleAfter } from './stale';
import type { Profile, ProfileUpdate, UserCounts } from './types';

/** Counts of users (Home, About, the admin's statistics) and the signed-in user's profile. */

/** GET /users-count: Home's counters and the admin's statistics share one cached answer. */
export async function fetchUserCounts(): Promise<UserCounts> {
  return call('userCounts');
}

/** GET /active-users */
export async function fetchActiveUsers(): Promise<number> {
  const { activeUsers } = await call('activeUsers');
  return activeUsers;
}

/** GET /users/{email} */
export async function fetchProfile(email: string): Promise<Profile> {
  return call('getProfile', { params: { email } });
}

/** PATCH /users/{email} */
export async function updateProfile(email: string, body: ProfileUpdate): Promise<void> {
  await call('updateProfile', { params: { email }, body });
}

export const userQueries = {
  counts: () => queryOptions({ queryKey: queryKeys.userCounts, queryFn: fetchUserCounts }),
  /** The About page's live count, refreshed every 30 s. */
  active: () =>
    queryOptions({
      queryKey: queryKeys.activeUsers,
      queryFn: fetchActiveUsers,
      refetchInterval: 30_000,
      // A decorative count polled in the background: a failed poll is not worth a toast every 30 s.
      meta: { errorToast: false },
    }),
  profile: (email: string) =>
    queryOptions({ queryKey: queryKeys.profile(email), queryFn: () => fetchProfile(email) }),
};

/** `enabled: false` keeps a screen that shows the counts later from asking for them yet (lib/use-idle.ts). */
export const useUserCounts = (enabled = true) => useQuery({ ...userQueries.counts(), enabled });
export const useActiveUsers = () => useQuery(userQueries.active());
export const useProfile = (email: string | null | undefined) =>
  useQuery({ ...userQueries.profile(email ?? ''), enabled: !!email });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return {
    ...useMutation({
      mutationFn: ({ email, body }: { email: string; body: ProfileUpdate }) => updateProfile(email, body),
    }),
    /** docs/product.md §4: the profile is refreshed when the dialog finishes, whether the call worked or not. */
    refresh: (email: string) => invalidate(queryClient, staleAfter.profileUpdated(email)),
  };
}
