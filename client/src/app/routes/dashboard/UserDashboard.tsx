import { DashboardLayout, type DashboardMenuItem } from '@/components/DashboardLayout';
import {
  AwardIcon,
  BarChartIcon,
  CreditCardIcon,
  FileTextIcon,
  MailIcon,
  UserIcon,
} from '@/components/screen-icons';
import { useProfile } from '@/lib/api/users';
import { useAuth } from '@/lib/auth';

const items: DashboardMenuItem[] = [
  { to: '/user-dashboard', label: 'Statistics', icon: BarChartIcon, end: true },
  { to: '/user-dashboard/my-profile', label: 'My Profile', icon: UserIcon },
  { to: '/user-dashboard/billing', label: 'Billing', icon: CreditCardIcon },
  { to: '/user-dashboard/gift-links', label: 'Gift links', icon: AwardIcon },
  { to: '/user-dashboard/email', label: 'E-mail', icon: MailIcon },
];

/** An editor's moderation table (docs/roles.md). */
const moderation: DashboardMenuItem = {
  to: '/user-dashboard/moderation',
  label: 'All Articles',
  icon: FileTextIcon,
};

/** /user-dashboard: a signed-in user's area (docs/product.md §2); editors also moderate from here. */
export default function UserDashboard() {
  const { user } = useAuth();
  const editor = useProfile(user?.email).data?.editor === true;
  return <DashboardLayout title="Dashboard" items={editor ? [...items, moderation] : items} />;
}
