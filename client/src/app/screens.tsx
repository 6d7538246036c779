import { Children, isValidElement, lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

/** A route's screen, loaded on demand (its own chunk) or ahead of time with `preload()`. */
export interface Screen {
  (): ReactElement;
  preload(): Promise<void>;
}

/**
 * React.lazy that can also be loaded ahead: once loaded, the screen renders at once instead of
 * suspending (no loading spinner, and no wait for React to reveal the content after one).
 */
export function screen(load: () => Promise<{ default: ComponentType }>): Screen {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = null; // a later render or preload tries again
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function LoadedOrLazy() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(LoadedOrLazy, { preload });
}

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
