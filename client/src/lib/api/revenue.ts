import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RevenueReport } from '@newsroom/common';
import { call } from './call';
import { accountKeys } from './account-keys';

/** The admins' revenue view (docs/decisions/revenue-view.md). */

export type { RevenueMonth, RevenuePlan, RevenueReport } from '@newsroom/common';

/** GET /admin/revenue?months= (1 to 24) */
export async function fetchRevenue(months: number): Promise<RevenueReport> {
  return call('revenueReport', { query: { months } });
}

export const revenueQuery = (months: number) =>
  queryOptions({
    queryKey: accountKeys.admin.revenueOf(months),
    queryFn: () => fetchRevenue(months),
    // Another period keeps the one shown until it arrives.
    placeholderData: keepPreviousData,
  });

export const useRevenue = (months: number) => useQuery(revenueQuery(months));
