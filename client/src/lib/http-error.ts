/**
 * Checks on failed API calls that do not import axios: code on the first-paint path (the query client,
 * error texts, the session) uses these, so axios loads with the first screen that calls the API and
 * not before (docs/decisions/lazy-firebase-auth.md). Each matches what axios's own check does.
 */
import type { AxiosError } from 'axios';

/** axios's isAxiosError: an object marked `isAxiosError: true` (every AxiosError, CanceledError too). */
export function isApiError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

/** axios's isCancel: a call cancelled by its caller (CanceledError carries `__CANCEL__`). */
export function isCanceled(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && Boolean((error as { __CANCEL__?: unknown }).__CANCEL__)
  );
}

/** The server's `{message}` of a failed call, if any. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (isApiError(error)) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (typeof data?.message === 'string') return data.message;
  }
  return undefined;
}

/** True when the server answered 402 {needPremium: true} (plan limit or premium content). */
export function isNeedPremium(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const data = error.response?.data as { needPremium?: unknown } | undefined;
  return error.response?.status === 402 || data?.needPremium === true;
}
