import { usePageTitle } from '@/components/usePageTitle';
import { ProfileView } from '@/features/profile/ProfileView';

/** my-profile in both dashboards. */
export default function MyProfile() {
  usePageTitle('My Profile');
  return (
    <section>
      <h1 className="section-title mb-6">My Profile</h1>
      <ProfileView />
    </section>
  );
}
