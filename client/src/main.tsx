import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { router, routes } from './app/router';
import { preloadScreens } from './app/screens';
import './index.css';
import { hasSignInToRestore, loadFirebase } from './lib/load-firebase';

// A returning reader's session is restored by Firebase: start fetching it now, not after the first render.
if (hasSignInToRestore()) void loadFirebase().catch(() => {}); // the provider reports a failure

// A 401/403 from the API logs out (AuthProvider) and lands on /login.
const goToLogin = () => void router.navigate('/login');

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <AppProvider onSessionExpired={goToLogin}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
// The landing page's screen first (its chunk is already on its way, preloaded by the page's head), so
// the first render shows it, not a spinner; index.html's masthead stays until then. Never wait long.
const landing = preloadScreens(routes, window.location.pathname).catch(() => {});
void Promise.race([landing, new Promise((resolve) => setTimeout(resolve, 3000))]).then(render);
