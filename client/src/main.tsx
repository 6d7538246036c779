import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { router, routes } from './app/router';
import { preloadScreens } from './app/screens';
import { readFirstScreenData, revalidateFirstScreen, seedFirstScreen } from './first-screen/data';
import './index.css';
import { hasSignInToRestore, loadFirebase } from './lib/load-firebase';
import { queryClient } from './lib/query-client';

// A returning reader's session is restored by Firebase: start fetching it now, not after the first render.
if (hasSignInToRestore()) void loadFirebase().catch(() => {}); // the provider reports a failure

// The server drew this page's first screen from this data: the first render shows the same content.
const firstScreen = readFirstScreenData();
if (firstScreen) {
  seedFirstScreen(queryClient, firstScreen);
  revalidateFirstScreen(queryClient, firstScreen);
}

// A 401/403 from the API logs out (AuthProvider) and lands on /login.
const goToLogin = () => void router.navigate('/login');

const root = createRoot(document.getElementById('root')!);
// A transition: React renders in slices between which the page stays responsive (the server's first
// screen, or the masthead, is on show meanwhile), then swaps the result in at once.
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider onSessionExpired={goToLogin}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
// The landing page's screen first (its chunk is already on its way, preloaded by the page's head), so
// the first render shows it, not a spinner; index.html's masthead stays until then. Never wait long.
const landing = preloadScreens(routes, window.location.pathname).catch(() => {});
void Promise.race([landing, new Promise((resolve) => setTimeout(resolve, 3000))]).then(render);
