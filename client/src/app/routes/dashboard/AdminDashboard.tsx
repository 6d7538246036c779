import { FiBarChart2, FiFileText, FiPlusSquare, FiUser, FiUsers } from 'react-icons/fi';
import { DashboardLayout, type DashboardMenuItem } from '@/components/DashboardLayout';

const items: DashboardMenuItem[] = [
  { to: '/dashboard', label: 'Statistics', icon: FiBarChart2, end: true },
  { to: '/dashboard/all-users', label: 'All Users', icon: FiUsers },
  { to: '/dashboard/all-articles-admin', label: 'All Articles', icon: FiFileText },
  { to: '/dashboard/add-publisher', label: 'Add Publisher', icon: FiPlusSquare },
  { to: '/dashboard/my-profile', label: 'My Profile', icon: FiUser },
];

/** /dashboard: the admin area (SPEC.md §2). */
export default function AdminDashboard() {
  return <DashboardLayout title="Admin dashboard" items={items} />;
}
