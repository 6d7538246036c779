import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/** True unless the page is the server's markup still being hydrated (or being drawn on the server). */
const HydratedContext = createContext(true);

/**
 * Whether the app has hydrated the server's markup: false on the server and in the render that
 * hydrates, true after (and from the first render of a page the browser draws alone). What the server
 * cannot know — the reader's session, theme, time zone, the toaster's container — is drawn as the
 * server drew it until this turns true, so hydration finds the same markup and keeps what is on it.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/**
 * Provides useHydrated. `hydrating`: the page holds the server's markup (main.tsx). The switch to
 * true is a transition: the re-render it causes (every screen that reads the session) is done in
 * slices between which the page stays responsive, not in one long task.
 */
export function HydrationProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/** What the site server renders inside: the server's side of useHydrated. */
export function ServerRendering({ children }: { children: ReactNode }) {
  return <HydratedContext value={false}>{children}</HydratedContext>;
}
