export const THEME_KEY = 'theme';
export type Theme = 'dark' | 'light';

/** The stored theme; dark unless 'light' was chosen, so a first visit (nothing stored) is dark. */
export function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** Puts the theme on <html> (Tailwind's `dark` class) and remembers it under localStorage `theme`. */
export function applyTheme(theme: Theme, persist = true): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
  if (persist) localStorage.setItem(THEME_KEY, theme);
}
