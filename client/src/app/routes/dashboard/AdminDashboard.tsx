import { DashboardLayout, type DashboardMenuItem } from '@/components/DashboardLayout';
import { useModerationCounts } from '@/lib/api/admin';
import { useAdminCommentCounts } from '@/lib/api/comments';
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /dashboard: the admin area (docs/product.md §2). All Articles shows how many articles wait for
 * review, Comments how many reported comments wait for a decision (each one count query, refreshed
 * with its table and on the live events, never polled).
 */
export default function AdminDashboard() {
  const pending = useModerationCounts().data?.Pending ?? 0;
  const reported = useAdminCommentCounts().data?.reported ?? 0;
  const badges: Record<string, DashboardMenuItem['badge']> = {
    '/dashboard/all-articles-admin':
      pending > 0
        ? { count: pending, description: `${plural(pending, 'article', 'articles')} pending` }
        : undefined,
    '/dashboard/comments':
      reported > 0
        ? { count: reported, description: `${plural(reported, 'comment', 'comments')} reported` }
        : undefined,
  };
  const menu = items.map((item) => {
    const badge = badges[item.to];
    return badge ? { ...item, badge } : item;
  });
  return <DashboardLayout title="Admin dashboard" items={menu} />;
}
