import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { preloadFirebaseOnUse } from '../preload-firebase';

/** The frame of the login and registration pages (outside the main layout). */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  // Sign-in needs Firebase Auth: fetched as soon as the reader starts filling the form.
  useEffect(() => preloadFirebaseOnUse(), []);
  return (
    <div className="grid min-h-screen lg:grid-cols-[1.1fr_1fr]">
      <aside className="relative hidden overflow-hidden bg-[#16140f] text-white lg:flex dark:bg-[#050912] lg:flex-col lg:justify-between lg:p-12">
        <div className="absolute inset-0 opacity-[0.07] [background-image:repeating-linear-gradient(0deg,currentColor_0,currentColor_1px,transparent_1px,transparent_28px)]" />
        <p className="relative font-display text-3xl font-bold">
          News<span className="text-cyan-400">room</span>
        </p>
        <blockquote className="relative max-w-lg">
          <p className="font-display text-4xl leading-tight font-bold text-white">
            “Journalism is printing what someone else does not want printed.”
          </p>
          <footer className="mt-4 text-sm tracking-widest uppercase opacity-80">
            Providing reliable news since 1992
          </footer>
        </blockquote>
        <p className="relative text-sm opacity-70">
          Trending stories · Exclusive premium reporting · Open publishing
        </p>
      </aside>
      <main className="flex flex-col bg-paper">
        <div className="flex items-center justify-between p-4 sm:p-6">
          <Logo />
          <ThemeToggle />
        </div>
        <div className="flex flex-1 items-center justify-center px-4 pb-12 sm:px-6">
          <div className="w-full max-w-md">
            <h1 className="font-display text-4xl font-bold tracking-tight">{title}</h1>
            <p className="mt-2 text-muted">{subtitle}</p>
            <div className="mt-8">{children}</div>
            <p className="mt-8 text-center text-sm text-muted">
              <Link to="/" className="link">
                ← Back to the front page
              </Link>
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}
