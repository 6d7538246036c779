import { createBrowserRouter } from 'react-router-dom';
import { appRoutes, routes } from './route-table';

export { routes };

/**
 * The app's router. Made when the app starts rather than when this module is evaluated: ranking the
 * route table and reading the history is a few tens of milliseconds on a phone, kept out of the
 * task that evaluates the app's code (main.tsx).
 */
export const createAppRouter = () => createBrowserRouter(appRoutes);
