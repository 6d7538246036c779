import { useAuth } from '@/lib/auth';
import { MoonIcon, SunIcon } from './icons';

export function ThemeToggle() {
  const { darkMode, toggleDarkMode } = useAuth();
  return (
    <button
      type="button"
      onClick={toggleDarkMode}
      className="grid size-10 place-items-center rounded-full text-ink hover:bg-surface-2"
      aria-label={darkMode ? 'Switch to light theme' : 'Switch to dark theme'}
      title={darkMode ? 'Light theme' : 'Dark theme'}
      data-testid="theme-toggle"
    >
      {darkMode ? (
        <SunIcon className="size-5" aria-hidden="true" />
      ) : (
        <MoonIcon className="size-5" aria-hidden="true" />
      )}
    </button>
  );
}
