import { beforeEach, describe, expect, it } from 'vitest';
import { applyTheme, readStoredTheme } from './theme';

describe('theme', () => {
  beforeEach(() => localStorage.clear());

  it("is dark on a first visit (nothing stored) and follows localStorage 'theme' afterwards", () => {
    expect(readStoredTheme()).toBe('dark');
    localStorage.setItem('theme', 'light');
    expect(readStoredTheme()).toBe('light');
    localStorage.setItem('theme', 'dark');
    expect(readStoredTheme()).toBe('dark');
  });

  it('applies the dark class on <html> and stores the choice', () => {
    applyTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    applyTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
