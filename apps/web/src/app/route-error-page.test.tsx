import { GENERIC } from '@canopy/shared';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ERROR_PAGE, NOT_FOUND, NotFoundPage, RouteErrorPage } from './route-error-page.tsx';

function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        children: [
          { path: 'broken', element: <Broken /> },
          {
            path: 'products/:id',
            loader: () => {
              throw new Response('', { status: 404 });
            },
            element: <p>never</p>,
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe('pages that cannot be shown', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('a mistyped address is a missing page, named, with ways on', async () => {
    renderAt('/prodcts');

    expect(await screen.findByRole('heading', { name: NOT_FOUND.title })).toBeTruthy();
    expect(screen.getByText(NOT_FOUND.body('/prodcts'))).toBeTruthy();
    expect(screen.queryByText(GENERIC.unexpectedApplicationError)).toBeNull();
    expect(screen.getByRole('link', { name: 'Browse products' }).getAttribute('href')).toBe('/products');
  });

  test('a route that answers 404 shows the same missing page', async () => {
    renderAt('/products/nope');

    expect(await screen.findByRole('heading', { name: NOT_FOUND.title })).toBeTruthy();
  });

  test('an error keeps SPEC’s title, says what to do and hides the raw message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/broken');

    expect(await screen.findByRole('heading', { name: GENERIC.unexpectedApplicationError })).toBeTruthy();
    expect(screen.getByText(ERROR_PAGE.body)).toBeTruthy();
    expect(screen.getByRole('button', { name: ERROR_PAGE.reload })).toBeTruthy();
    expect(screen.queryByText('Cannot read properties of undefined')).toBeNull();
    expect(logged).toHaveBeenCalled();
  });
});
