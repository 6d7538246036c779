import { createContext, StrictMode, useCallback, useContext, useLayoutEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { HydrationProvider } from '@/lib/hydration';
import { AppProvider } from './provider';

type DataRouter = ReturnType<typeof createBrowserRouter>;

const nothing = () => {};
const TookOverContext = createContext<() => void>(nothing);

/** Calls `done` once it is on the page (a layout effect: before the browser paints that frame). */
function OnThePage({ done }: { done: () => void }) {
  useLayoutEffect(done, [done]);
  return null;
}

/**
 * Put after a route's screen (route-table.tsx): the screen is on the page. When React hydrates a
 * server-rendered page it attaches to the shell (navbar, layout) first and to the screen, behind its
 * Suspense boundary, in a later pass: the page has been taken over once the screen has.
 */
export function ScreenShown() {
  return <OnThePage done={useContext(TookOverContext)} />;
}

interface AppRootProps {
  router: DataRouter;
  /** Whether React hydrates a server-rendered page (main.tsx) rather than drawing a new one. */
  hydrating: boolean;
  /**
   * The page is the app's: its first screen is on the page (hydrated: React has attached to the
   * server's markup of it). May be called more than once (nested screens, later navigations).
   */
  onTookOver: () => void;
}

/** The whole app, as main.tsx renders or hydrates it. */
export function AppRoot({ router, hydrating, onTookOver }: AppRootProps) {
  // A 401/403 from the API logs out (AuthProvider) and lands on /login.
  const goToLogin = useCallback(() => void router.navigate('/login'), [router]);
  return (
    <StrictMode>
      <HydrationProvider hydrating={hydrating}>
        <TookOverContext value={onTookOver}>
          <AppProvider onSessionExpired={goToLogin}>
            <RouterProvider router={router} />
          </AppProvider>
          {/* A page the browser draws alone holds no server markup to wait for: taken over at once. */}
          {!hydrating && <OnThePage done={onTookOver} />}
        </TookOverContext>
      </HydrationProvider>
    </StrictMode>
  );
}
