import { createBrowserRouter } from 'react-router-dom';
import { RouteError } from './RouteError';
import { routes } from './route-table';

export { routes };

// A render crash anywhere shows our own error screen (Try again / Home), not React Router's default page.
export const router = createBrowserRouter([{ errorElement: <RouteError />, children: routes }]);
