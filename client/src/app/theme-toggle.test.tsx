/**
 * The theme toggle works from the moment the app has taken the page over. Between the hydration of a
 * server-rendered first screen and the transition that switches the screens to the reader's own
 * session (lib/hydration.tsx), the toggle still shows the server's theme (dark); a reader who chose
 * light and taps it then must get dark, not the light they already have (the tap was lost: seen in
 * the browser tests under load, where the axe checks' theme switch did nothing).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ThemeToggle } from '@/components/ThemeToggle';
import { ServerRendering } from '@/lib/hydration';
import { AppProvider } from './provider';

afterEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

it('a tap before the switch to the reader’s session toggles the theme the page shows', async () => {
  localStorage.setItem('theme', 'light');
  document.documentElement.classList.remove('dark');
  render(
    <ServerRendering>
      <AppProvider onSessionExpired={() => {}}>
        <ThemeToggle />
      </AppProvider>
    </ServerRendering>,
  );
  expect(document.documentElement.classList.contains('dark')).toBe(false);
  await act(async () => {
    fireEvent.click(screen.getByTestId('theme-toggle'));
  });
  expect(document.documentElement.classList.contains('dark')).toBe(true);
  expect(localStorage.getItem('theme')).toBe('dark');
});
