import { lazy, type ComponentType, type ReactElement } from 'react';

/** A component loaded on demand (its own chunk) or ahead of time with `preload()`. */
export interface Preloadable {
  (): ReactElement;
  preload(): Promise<void>;
}

/**
 * React.lazy that can also be loaded ahead: once loaded, the component renders at once instead of
 * suspending (no loading fallback, and no wait for React to reveal the content after one). The site
 * server preloads what a page shows before it renders it, so its markup never holds a boundary left
 * for the browser to render; the browser preloads the same before it hydrates that markup.
 */
export function preloadable(load: () => Promise<{ default: ComponentType }>): Preloadable {
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
