import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
// The DOM build of RouterProvider, so navigations can ask for flushSync (see the session).
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Every module of the first download is evaluated in one task; creating the router (it reads the
// address, the history and the session's stored transitions, and matches the routes) made that
// task longer still. The router is made in a task of its own, so neither crosses Lighthouse's
// 50 ms line on a slow phone (decision 260).
await new Promise((resolve) => setTimeout(resolve, 0));
const router = createBrowserRouter(routes);

// The first render is a transition, so React draws the page in slices of a few milliseconds and
// lets the browser in between, instead of one task as long as the whole page (decision 257).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
