import { useNavigate } from 'react-router-dom';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { usePageTitle } from '@/components/usePageTitle';

export default function NotFound() {
  usePageTitle('Page Not Found');
  const navigate = useNavigate();
  return (
    <main className="relative flex min-h-screen flex-col items-center justify-center gap-6 bg-paper px-4 text-center">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <Logo />
      <p
        className="font-display text-[7rem] leading-none font-bold text-accent sm:text-[10rem]"
        aria-hidden="true"
      >
        404
      </p>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">page not found</h1>
      <p className="max-w-md text-muted">The story you are looking for has moved, or never went to print.</p>
      <button
        type="button"
        className="btn btn-primary px-8"
        onClick={() => {
          // Back to the previous page; a 404 opened in a fresh tab (nothing to go back to) goes home.
          if (window.history.length > 1) navigate(-1);
          else navigate('/', { replace: true });
        }}
      >
        Back
      </button>
    </main>
  );
}
