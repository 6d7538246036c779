import { FiBarChart2, FiUser } from 'react-icons/fi';
import { DashboardLayout, type DashboardMenuItem } from '@/components/DashboardLayout';

const items: DashboardMenuItem[] = [
  { to: '/user-dashboard', label: 'Statistics', icon: FiBarChart2, end: true },
  { to: '/user-dashboard/my-profile', label: 'My Profile', icon: FiUser },
];

/** /user-dashboard: a signed-in user's area (docs/product.md §2). */
export default function UserDashboard() {
  return <DashboardLayout title="Dashboard" items={items} />;
}
