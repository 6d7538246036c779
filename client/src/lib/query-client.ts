import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { isApiError, isCanceled, isNeedPremium } from './http-error';
import { errorMessage } from './error-message';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** false: the screen shows this mutation's error itself (inline, next to the field). */
      errorToast?: boolean;
    };
    queryMeta: {
      /** false: never toast this query's failures (e.g. a background poll the screen does not depend on). */
      errorToast?: boolean;
    };
  }
}

/**
 * Failures somebody else already explains: 401/403 end the session (logout and /login), a 402
 * needPremium opens the 'Need Premium' modal or the subscription guard, a cancelled call is no failure.
 */
function explainedElsewhere(error: unknown): boolean {
  if (isCanceled(error)) return true;
  if (isNeedPremium(error)) return true;
  const status = isApiError(error) ? error.response?.status : undefined;
  return status === 401 || status === 403;
}

/** One toast per distinct text: several calls failing the same way (offline, say) say it once. */
export function toastError(error: unknown): void {
  const message = errorMessage(error);
  toast.error(message, { id: `error:${message}`, duration: 6000 });
}

// Which failures are toasted and which are shown inline: docs/decisions/telling-failures.md.
export const queryClient = new QueryClient({
  // Every failed mutation is said (a toast) unless its screen shows the error inline (meta.errorToast false).
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.errorToast === false || explainedElsewhere(error)) return;
      toastError(error);
    },
  }),
  // A first load that fails is shown where its content would be (LoadError with "Try again"); a refresh
  // that fails while the old data stays on screen would otherwise go unnoticed, so it is toasted.
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.errorToast === false || explainedElsewhere(error)) return;
      if (query.state.data !== undefined) toastError(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx answers are final (402 premium, 404 unknown id); retry only network/5xx once.
      retry: (failureCount, error) => {
        const status = (error as { response?: { status?: number } }).response?.status;
        if (status && status >= 400 && status < 500) return false;
        return failureCount < 1;
      },
    },
  },
});
