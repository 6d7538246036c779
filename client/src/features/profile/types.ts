/** Shapes of the profile calls; declared with the calls. */
export type { Profile, ProfileUpdate } from '@/lib/api/types';
