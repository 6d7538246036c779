import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while React hydrates the server's markup, true in every render after that
 * (and from the first render of a page the browser draws alone). What the server cannot know — the
 * reader's session, theme, time zone, the toaster's container — is drawn as the server drew it until
 * this turns true, so hydration finds the same markup and keeps what is on the page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
