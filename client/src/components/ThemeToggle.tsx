import { useTheme } from '@/lib/auth';
import { MoonIcon, SunIcon } from './icons';

export function ThemeToggle() {
  const { darkMode, toggleDarkMode } = useTheme();
  return (
    <button
      type="button"
      onClick={toggleDarkMode}
      className="grid size-10 place-items-center rounded-full text-ink hover:bg-surface-2"
      aria-label={darkMode ? 'Switch to light theme' : 'Switch to dark theme'}
      title={darkMode ? 'Light theme' : 'Dark theme'}
      data-testid="theme-toggle"
    >
      {/* Both, shown by the theme on <html>: right from the first paint, even in server-rendered
          markup that cannot know the stored theme. */}
      <SunIcon className="hidden size-5 dark:block" aria-hidden="true" />
      <MoonIcon className="size-5 dark:hidden" aria-hidden="true" />
    </button>
  );
}
