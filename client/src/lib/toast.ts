import { lazy } from 'react';
import type { ToastOptions } from 'react-hot-toast';

/**
 * The toasts of the screens a visitor lands on, with react-hot-toast fetched and set up only when the
 * first one is shown (or the container mounts, after hydration): setting it up builds its styles,
 * work that belonged to no first screen and lengthened the task that starts the app on a phone.
 * A toast asked for meanwhile shows a moment later, once the module is in.
 */
type ToastModule = typeof import('react-hot-toast');
type Message = Parameters<ToastModule['default']['success']>[0];

let loading: Promise<ToastModule> | undefined;
const load = (): Promise<ToastModule> => (loading ??= import('react-hot-toast'));

const show =
  (kind: 'success' | 'error') =>
  (message: Message, options?: ToastOptions): void => {
    void load().then((m) => m.default[kind](message, options));
  };

export const toast = { success: show('success'), error: show('error') };

/** react-hot-toast's container, loaded with it. */
export const Toaster = lazy(() => load().then((m) => ({ default: m.Toaster })));
