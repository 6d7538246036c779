import './lib/zod-jitless';
import { startTransition, type ErrorInfo } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { createAppRouter, routes } from './app/router';
import { RouteError } from './app/route-table';
import { preloadScreens } from './app/screens';
import {
  FIRST_SCREEN_DATA_ID,
  readFirstScreenData,
  revalidateFirstScreen,
  seedFirstScreen,
} from './first-screen/data';
import './index.css';
import { hasSignInToRestore, loadFirebase } from './lib/load-firebase';
import { queryClient } from './lib/query-client';
import { whenIdle } from './lib/when-idle';

// A returning reader's session is restored by Firebase: start fetching it now, not after the first render.
if (hasSignInToRestore()) void loadFirebase().catch(() => {}); // the provider reports a failure

// The server drew this page's first screen from this data (docs/decisions/hydrated-first-screen.md):
// the app's first render draws the same, as fresh as the server had it (so that nothing shows it
// being read again while React hydrates), and reads it again once it has taken over.
const firstScreen = readFirstScreenData();

const container = document.getElementById('root')!;

/** React could not hydrate part of the page and drew it anew: said plainly (the browser tests fail on it). */
function onRecoverableError(error: unknown, info: ErrorInfo) {
  console.error('Hydration error', error, info.componentStack);
}

const start = (
  router: ReturnType<typeof createAppRouter>,
  startHandover: (root: HTMLElement) => () => void,
) => {
  const handover = startHandover(container);
  let tookOver = false;
  const done = () => {
    if (tookOver) return;
    tookOver = true;
    handover();
    document.getElementById(FIRST_SCREEN_DATA_ID)?.remove();
    // Asked again once the page is idle: the answers re-render the lists they change, work that
    // waits for the page's own start (the server's lists follow every public change anyway).
    if (firstScreen) whenIdle(() => revalidateFirstScreen(queryClient, firstScreen));
    void RouteError.preload().catch(() => {}); // tried again when it is needed
  };
  const app = <AppRoot router={router} hydrating={Boolean(firstScreen)} onTookOver={done} />;
  // A transition: React works in slices between which the page stays responsive (the server's first
  // screen, or the masthead, is on show meanwhile). With the server's first screen in #root, React
  // hydrates it (attaches to the markup, keeping what is typed into it); else it draws the page.
  startTransition(() => {
    if (firstScreen) hydrateRoot(container, app, { onRecoverableError });
    else createRoot(container).render(app);
  });
};
// Each step below is a task of its own, so that no one of them keeps a phone's main thread long (this
// module's own evaluation, React's included, is one already).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
// The landing page's screen first (its chunk is already on its way, preloaded by the page's head), so
// the first render shows it, not a spinner. Never wait long: a screen still loading when React
// hydrates keeps the server's markup until it arrives.
// The handover (what was typed, a held submit) comes in a chunk of its own, fetched meanwhile. Should
// it not arrive, the app still starts: the page is the app's, though what was typed may be reset.
const landing = nextTask()
  .then(() => preloadScreens(routes, window.location.pathname))
  .catch(() => {});
const withoutHandover = () => () => document.documentElement.classList.remove('app-pending');
const handover = import('./first-screen/handover').then(
  (m) => m.startHandover,
  () => withoutHandover,
);
const soon = Promise.race([landing, new Promise((resolve) => setTimeout(resolve, 3000))]);
// The first screen's data goes into the cache (before the first render reads it), the router reads
// the address, then React starts.
void Promise.all([handover, soon]).then(async ([startHandover]) => {
  if (firstScreen) seedFirstScreen(queryClient, { ...firstScreen, fetchedAt: Date.now() });
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  start(router, startHandover);
});
