import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import './index.css';

// A 401/403 from the API logs out (AuthProvider) and lands on /login.
const goToLogin = () => void router.navigate('/login');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider onSessionExpired={goToLogin}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
