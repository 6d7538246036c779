import { DashboardLayout, type DashboardMenuItem } from '@/components/DashboardLayout';
import { useModerationCounts } from '@/lib/api/admin';
import {
  BarChartIcon,
  DollarSignIcon,
  FileTextIcon,
  MessageCircleIcon,
  PlusSquareIcon,
  UserIcon,
  UsersIcon,
} from '@/components/screen-icons';

const items: DashboardMenuItem[] = [
  { to: '/dashboard', label: 'Statistics', icon: BarChartIcon, end: true },
  { to: '/dashboard/all-users', label: 'All Users', icon: UsersIcon },
  { to: '/dashboard/all-articles-admin', label: 'All Articles', icon: FileTextIcon },
  { to: '/dashboard/comments', label: 'Comments', icon: MessageCircleIcon },
  { to: '/dashboard/add-publisher', label: 'Add Publisher', icon: PlusSquareIcon },
  { to: '/dashboard/revenue', label: 'Revenue', icon: DollarSignIcon },
  { to: '/dashboard/my-profile', label: 'My Profile', icon: UserIcon },
];

/** /dashboard: the admin area (docs/product.md §2); the All Articles item shows how many articles wait for review. */
export default function AdminDashboard() {
  const pending = useModerationCounts().data?.Pending ?? 0;
  const menu = items.map((item) =>
    item.to === '/dashboard/all-articles-admin' && pending > 0
      ? {
          ...item,
          badge: {
            count: pending,
            description: `${pending} ${pending === 1 ? 'article' : 'articles'} pending`,
          },
        }
      : item,
  );
  return <DashboardLayout title="Admin dashboard" items={menu} />;
}
