import { lazy, useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-hot-toast';

/**
 * The toasts of the screens a visitor lands on, with react-hot-toast fetched and set up only when the
 * first one is shown, and its container mounted then too: setting it up builds its styles,
 * work that belonged to no first screen and lengthened the task that starts the app on a phone.
 * A toast asked for meanwhile shows a moment later, once the module is in.
 */
type ToastModule = typeof import('react-hot-toast');
type Message = Parameters<ToastModule['default']['success']>[0];

let loading: Promise<ToastModule> | undefined;
const load = (): Promise<ToastModule> => (loading ??= import('react-hot-toast'));

// Whether a toast has been asked for: the container (and react-hot-toast with it) is mounted from then
// on, not on every page once it is hydrated.
let wanted = false;
const listeners = new Set<() => void>();
function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
/** True once a toast has been asked for (the app mounts the container then). */
export const useToastsWanted = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );

const show =
  (kind: 'success' | 'error' | 'plain') =>
  (message: Message, options?: ToastOptions): void => {
    want();
    void load().then((m) =>
      kind === 'plain' ? m.default(message, options) : m.default[kind](message, options),
    );
  };

/** `plain`: a toast without an icon (react-hot-toast's `toast()`). */
export const toast = { success: show('success'), error: show('error'), plain: show('plain') };

/** react-hot-toast's container, loaded with it. */
export const Toaster = lazy(() => load().then((m) => ({ default: m.Toaster })));
