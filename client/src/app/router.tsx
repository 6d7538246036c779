import { createBrowserRouter } from 'react-router-dom';
import { appRoutes, routes } from './route-table';

export { routes };

export const router = createBrowserRouter(appRoutes);
