import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Profile, ProfileUpdate } from './types';

export const profileKey = (email: string) => ['private', 'profile', email] as const;

export async function fetchProfile(email: string): Promise<Profile> {
  const { data } = await api.get<Profile>(`/users/${encodeURIComponent(email)}`);
  return data;
}

export async function updateProfile(email: string, body: ProfileUpdate): Promise<void> {
  await api.patch(`/users/${encodeURIComponent(email)}`, body);
}

export function useProfile(email: string | null | undefined) {
  return useQuery({
    queryKey: profileKey(email ?? ''),
    queryFn: () => fetchProfile(email ?? ''),
    enabled: !!email,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return {
    ...useMutation({
      mutationFn: ({ email, body }: { email: string; body: ProfileUpdate }) => updateProfile(email, body),
    }),
    /** docs/product.md §4: the profile is refreshed when the dialog finishes, whether the call worked or not. */
    refresh: (email: string) => queryClient.invalidateQueries({ queryKey: profileKey(email) }),
  };
}
