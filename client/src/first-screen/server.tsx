/**
 * Server entry of the first screen (docs/decisions/hydrated-first-screen.md): the site server renders
 * the page a visitor lands on with the app's own routes and components, so the page's HTML already
 * shows its headline and leading image before any JavaScript runs. It is rendered with the session
 * every server page has (SERVER_SESSION: signed out, dark), from the article data embedded beside it;
 * the app hydrates it (main.tsx): its first render draws the same markup from the same data and
 * session, and attaches to what is on the page instead of replacing it.
 * Built by `vite build` into dist/.vite/ssr/ (scripts/first-screen-ssr-plugin.ts).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { appRoutes, routes } from '@/app/route-table';
import { preloadScreens } from '@/app/screens';
import { AuthContext, ThemeContext, type AuthContextValue, type ThemeContextValue } from '@/lib/auth';
import { preloadLayout } from '@/components/Layout';
import { ServerRendering } from '@/lib/hydration';
import { SERVER_SESSION } from '@/lib/session';
import { seedFirstScreen, type FirstScreenData } from './data';

export type { FirstScreenData };

const nothing = () => Promise.resolve();
/** A signed-out visitor, nothing being restored, dark theme (the default; CSS follows the stored one). */
const { darkMode, ...signedOutSession } = SERVER_SESSION;
const signedOut: AuthContextValue = {
  ...signedOutSession,
  signIn: nothing,
  signInWithGoogle: nothing,
  createUser: nothing,
  updateUserProfile: nothing,
  getIdToken: () => Promise.reject(new Error('not signed in')),
  logOut: nothing,
  markSubscribed: () => {},
  refreshPremium: () => {},
};
const darkTheme: ThemeContextValue = { darkMode, toggleDarkMode: () => {} };

/**
 * The markup of `url`'s screen (what goes inside #root), or null when the route does not render
 * without the browser (a redirect, an error).
 */
export async function renderFirstScreen(url: string, data: FirstScreenData): Promise<string | null> {
  const request = new Request(new URL(url, 'http://site.invalid'));
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(request);
  if (context instanceof Response || context.errors) return null;
  // Everything the page draws is loaded first: the markup holds no part left for the browser to draw.
  await Promise.all([preloadScreens(routes, new URL(request.url).pathname), preloadLayout()]);

  // No retries or fetching: only what `data` holds is shown, the rest as the app first shows it.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedFirstScreen(queryClient, data);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <ServerRendering>
        <QueryClientProvider client={queryClient}>
          <AuthContext.Provider value={signedOut}>
            <ThemeContext.Provider value={darkTheme}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </ThemeContext.Provider>
          </AuthContext.Provider>
        </QueryClientProvider>
      </ServerRendering>
    </StrictMode>,
  );
}
