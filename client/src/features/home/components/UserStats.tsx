import { useUserCounts } from '@/lib/api/users';
import { useIdle } from '@/lib/use-idle';
import { HOME_TIMINGS } from '../content';
import { AnimatedCounter } from './AnimatedCounter';
import { StarIcon, UserIcon, UsersIcon } from '@/components/screen-icons';

export function UserStats() {
  // Below Home's fold: asked for once the page is idle.
  const counts = useUserCounts(useIdle());
  const items = [
    { label: 'Total users', value: counts.data?.allUserCount, Icon: UsersIcon, testId: 'count-total' },
    { label: 'Normal users', value: counts.data?.normalUsersCount, Icon: UserIcon, testId: 'count-normal' },
    {
      label: 'Premium users',
      value: counts.data?.premiumUsersCount,
      Icon: StarIcon,
      testId: 'count-premium',
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {items.map(({ label, value, Icon, testId }) => (
        <li key={label} className="card flex items-center gap-4 p-6">
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-accent-soft text-ink">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <div>
            <p className="text-sm font-semibold text-muted">{label}</p>
            <p className="font-display text-4xl font-bold" data-testid={testId}>
              {value === undefined ? (
                '—'
              ) : (
                <AnimatedCounter value={value} durationMs={HOME_TIMINGS.counterDurationMs} />
              )}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
