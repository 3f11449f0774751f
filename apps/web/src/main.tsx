import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM build of RouterProvider, so navigations can ask for flushSync (see the session).
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

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
