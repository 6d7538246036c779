import { Suspense, useId, type ComponentType } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { FullScreenLoader } from './FullScreenLoader';

export interface DashboardMenuItem {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** Match the path exactly (the index route). */
  end?: boolean;
  /** A count shown as a pill after the label (e.g. articles waiting for review), and what it counts. */
  badge?: { count: number; description: string };
}

interface DashboardLayoutProps {
  /** Accessible name of the side menu, e.g. 'Admin dashboard'. */
  title: string;
  items: DashboardMenuItem[];
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
    isActive ? 'bg-accent-soft text-ink ring-1 ring-accent' : 'text-ink hover:bg-surface-2 hover:text-accent'
  }`;

/**
 * A dashboard: side menu (the current item highlighted) beside the child screen. On narrow screens
 * the menu's links wrap into rows above the content (nothing scrolls sideways on a phone).
 */
export function DashboardLayout({ title, items }: DashboardLayoutProps) {
  return (
    <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-6 py-6 md:grid-cols-[14rem_minmax(0,1fr)] md:py-10">
      <aside className="min-w-0 md:sticky md:top-24 md:self-start">
        <nav aria-label={title} className="card p-2">
          <p className="section-kicker hidden px-3 pt-2 pb-3 md:block">{title}</p>
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {items.map((item) => (
              <MenuItem key={item.to} {...item} />
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Suspense fallback={<FullScreenLoader />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

/** One menu link. A badge keeps the link's name (e.g. "All Articles") and is read as its description. */
function MenuItem({ to, label, icon: Icon, end, badge }: DashboardMenuItem) {
  const descriptionId = useId();
  return (
    <li>
      <NavLink to={to} end={end} className={itemClass} aria-describedby={badge ? descriptionId : undefined}>
        <Icon className="size-4" aria-hidden={true} />
        {label}
        {badge && (
          <span
            aria-hidden="true"
            className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
            data-testid="menu-badge"
          >
            {badge.count}
          </span>
        )}
      </NavLink>
      {badge && (
        <span id={descriptionId} hidden>
          {badge.description}
        </span>
      )}
    </li>
  );
}
