import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './app/query-client.js';
import { preloadPageAt, router } from './app/router.js';
import './styles/app.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// The first page's chunk comes before the first render, so it draws at once rather than after a
// fallback. A chunk that fails to load is shown as the page's error, by the route, on render.
await preloadPageAt(window.location.pathname).catch(() => undefined);

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
