import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A plan of the server's catalog (GET /plans). */
export interface Plan {
  seconds: number;
  /** Dollars. */
  amount: number;
  label: string;
}

export const plansQueryKey = ['plans'] as const;

export async function fetchPlans(): Promise<Plan[]> {
  const { data } = await api.get<Plan[]>('/plans');
  return data;
}

/** GET /plans: the catalog rarely changes. */
export function usePlans() {
  return useQuery({ queryKey: plansQueryKey, queryFn: fetchPlans, staleTime: 10 * 60_000 });
}
