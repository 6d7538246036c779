import { Children, isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { preloadable, type Preloadable } from '@/lib/preloadable';

/** A route's screen, loaded on demand (its own chunk) or ahead of time with `preload()`. */
export type Screen = Preloadable;

/** A route's screen (lib/preloadable.tsx): main.tsx and the site server load the landing page's ahead. */
export const screen = preloadable;

function screensIn(node: ReactNode): Screen[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const own = typeof node.type === 'function' && 'preload' in node.type ? [node.type as Screen] : [];
  return [...own, ...Children.toArray(node.props.children).flatMap(screensIn)];
}

/** Loads the screens the page at `pathname` shows (what the visitor landed on). */
export async function preloadScreens(routes: RouteObject[], pathname: string): Promise<void> {
  const screens = (matchRoutes(routes, pathname) ?? []).flatMap((match) => screensIn(match.route.element));
  await Promise.all(screens.map((s) => s.preload()));
}
