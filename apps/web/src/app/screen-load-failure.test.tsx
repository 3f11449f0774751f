import { GENERIC } from '@canopy/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { RouteErrorPage } from './route-error-page.tsx';
import { SCREEN_LOAD } from './screen-load-failure.tsx';

const CHUNK = 'http://localhost:3000/assets/help-page-3f9a1c.js';

/** The help screen, whose chunk fails to load as Chromium reports it. */
function renderHelp() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        children: [
          {
            path: 'help',
            lazy: () =>
              Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`)),
          },
        ],
      },
    ],
    { initialEntries: ['/help'] },
  );
  render(<RouterProvider router={router} />);
}

describe('a screen whose code cannot load', () => {
  let reload: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.fn<() => void>();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
  });
  afterEach(() => vi.restoreAllMocks());

  test('offline: a calm offline state with Retry, not the application error', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderHelp();
    await screen.findByRole('heading', { name: SCREEN_LOAD.offlineTitle });
    expect(screen.getByText(SCREEN_LOAD.offlineBody).tagName).toBe('P');
    expect(screen.queryByText(GENERIC.unexpectedApplicationError)).toBeNull();

    // Still offline: Retry says so instead of reloading into the browser's own error page.
    await userEvent.click(screen.getByRole('button', { name: SCREEN_LOAD.retry }));
    expect(screen.getByRole('status').textContent).toBe(SCREEN_LOAD.stillOffline);
    expect(reload).not.toHaveBeenCalled();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: SCREEN_LOAD.retry }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('a chunk gone with a new deployment reloads the page once, and only once', async () => {
    const checked: string[] = [];
    vi.stubGlobal('fetch', async (address: string) => {
      checked.push(address);
      return new Response('', { status: 404 });
    });
    renderHelp();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(checked).toEqual([CHUNK]);

    // After the reload the same chunk is still missing: no second reload, the state says so.
    await act(async () => {
      document.body.innerHTML = '';
    });
    renderHelp();
    await screen.findByRole('heading', { name: SCREEN_LOAD.unavailableTitle });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
