import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { FullScreenLoader } from './FullScreenLoader';
import { Navbar } from './Navbar';

// Always below the fold (main is at least a screen tall), so it need not be in the first-paint bundle.
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        Skip to content
      </a>
      <Navbar />
      {/* At least a screen tall: the footer starts below the fold and never jumps when content arrives. */}
      <main id="main" className="min-h-screen flex-1">
        <Suspense fallback={<FullScreenLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
