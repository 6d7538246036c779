import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { preloadable } from '@/lib/preloadable';
import { FullScreenLoader } from './FullScreenLoader';
import { Navbar } from './Navbar';

// Always below the fold (main is at least a screen tall), so it need not be in the first-paint bundle.
// The site server loads it before it renders a page (the footer is in the markup); the browser
// hydrates it when its chunk arrives (React keeps the server's footer until then).
const Footer = preloadable(() => import('./Footer').then((m) => ({ default: m.Footer })));

/** Loads what the layout draws besides the route's screen (the site server, before it renders). */
export const preloadLayout = Footer.preload;

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
