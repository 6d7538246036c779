import { DashboardLayout, type DashboardMenuItem } from '@/components/DashboardLayout';
import { BarChartIcon, UserIcon } from '@/components/screen-icons';

const items: DashboardMenuItem[] = [
  { to: '/user-dashboard', label: 'Statistics', icon: BarChartIcon, end: true },
  { to: '/user-dashboard/my-profile', label: 'My Profile', icon: UserIcon },
];

/** /user-dashboard: a signed-in user's area (docs/product.md §2). */
export default function UserDashboard() {
  return <DashboardLayout title="Dashboard" items={items} />;
}
