import { DashboardLayout, type DashboardMenuItem } from '@/components/DashboardLayout';
import { AwardIcon, BarChartIcon, CreditCardIcon, MailIcon, UserIcon } from '@/components/screen-icons';

const items: DashboardMenuItem[] = [
  { to: '/user-dashboard', label: 'Statistics', icon: BarChartIcon, end: true },
  { to: '/user-dashboard/my-profile', label: 'My Profile', icon: UserIcon },
  { to: '/user-dashboard/billing', label: 'Billing', icon: CreditCardIcon },
  { to: '/user-dashboard/gift-links', label: 'Gift links', icon: AwardIcon },
  { to: '/user-dashboard/email', label: 'E-mail', icon: MailIcon },
];

/** /user-dashboard: a signed-in user's area (docs/product.md §2). */
export default function UserDashboard() {
  return <DashboardLayout title="Dashboard" items={items} />;
}
