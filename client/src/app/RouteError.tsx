import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { HomeIcon, RefreshIcon } from '@/components/icons';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { useDocumentTitle } from '@/components/usePageTitle';

/**
 * The screen a route shows when rendering it threw (a bug, an answer of an unexpected shape, a
 * chunk that no longer exists after a deploy). "Try again" reloads the page, which also fetches
 * the data and the code afresh; "Home" leaves for the front page.
 */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong | Newsroom');
  useEffect(() => {
    console.error(error);
  }, [error]);

  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : null;

  return (
    <main className="relative flex min-h-screen flex-col items-center justify-center gap-6 bg-paper px-4 text-center">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <Logo />
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Something went wrong</h1>
      <p className="max-w-md text-muted">
        This page ran into a problem and could not be shown. Try again, or go back to the front page.
      </p>
      {detail && <p className="text-sm text-muted">{detail}</p>}
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary px-6" onClick={() => window.location.reload()}>
          <RefreshIcon aria-hidden="true" /> Try again
        </button>
        {/* A full load: whatever state led to the crash is left behind. */}
        <a href="/" className="btn btn-outline px-6">
          <HomeIcon aria-hidden="true" /> Home
        </a>
      </div>
    </main>
  );
}
