import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { HomePage } from '@/features/home/routes/home-page.tsx';
import { DashboardRedirect } from './dashboard-redirect.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import { NotFoundPage, RouteErrorPage } from './route-error-page.tsx';

// Every route of SPEC §2. Only the landing page is in the main bundle (first paint); every other
// screen loads on demand as its own chunk, so a first visit downloads only what it shows: the
// sign-in form alone would add the form and schema libraries to every page's first load.

const loginPage = async () => ({
  Component: (await import('@/features/auth/routes/login-page.tsx')).LoginPage,
});
const accountTypeSelectionPage = async () => ({
  Component: (await import('@/features/auth/routes/account-type-selection-page.tsx'))
    .AccountTypeSelectionPage,
});

const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'login', lazy: loginPage },
  { path: 'auth/login', lazy: loginPage },
  { path: 'account-type-selection', lazy: accountTypeSelectionPage },
  { path: 'auth/register', lazy: accountTypeSelectionPage },
  {
    path: 'register',
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/register-page.tsx')).RegisterPage,
    }),
  },
  {
    path: 'check-email',
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/check-email-page.tsx')).CheckEmailPage,
    }),
  },
  {
    path: 'verify-email',
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/verify-email-page.tsx')).VerifyEmailPage,
    }),
  },
  {
    path: 'forgot-password',
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/forgot-password-page.tsx')).ForgotPasswordPage,
    }),
  },
  {
    path: 'reset-password',
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/reset-password-page.tsx')).ResetPasswordPage,
    }),
  },
  {
    path: 'help',
    lazy: async () => ({ Component: (await import('@/features/legal/routes/help-page.tsx')).HelpPage }),
  },
  {
    path: 'terms',
    lazy: async () => ({ Component: (await import('@/features/legal/routes/terms-page.tsx')).TermsPage }),
  },
  {
    path: 'privacy',
    lazy: async () => ({
      Component: (await import('@/features/legal/routes/privacy-page.tsx')).PrivacyPage,
    }),
  },
  {
    path: 'products',
    lazy: async () => ({
      Component: (await import('@/features/catalog/routes/products-page.tsx')).ProductsPage,
    }),
  },
  {
    path: 'products/:id',
    lazy: async () => ({
      Component: (await import('@/features/catalog/routes/product-detail-page.tsx')).ProductDetailPage,
    }),
  },
  {
    path: 'sellers/:id',
    lazy: async () => ({
      Component: (await import('@/features/catalog/routes/seller-storefront-page.tsx')).SellerStorefrontPage,
    }),
  },
];

const protectedRoutes: RouteObject[] = [
  {
    element: <ProtectedRoute allowUnverified />,
    children: [{ path: 'dashboard', element: <DashboardRedirect /> }],
  },
  {
    element: <ProtectedRoute requiredRole="admin" />,
    children: [
      {
        path: 'admin/*',
        lazy: async () => ({
          Component: (await import('@/features/admin/routes/admin-dashboard-page.tsx')).AdminDashboardPage,
        }),
      },
    ],
  },
  {
    element: <ProtectedRoute requiredRole="seller" />,
    children: [
      {
        path: 'seller',
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('@/features/listings/routes/seller-dashboard-page.tsx'))
                .SellerDashboardPage,
            }),
          },
          {
            path: 'listings/new',
            lazy: async () => ({
              Component: (await import('@/features/listings/routes/create-listing-page.tsx'))
                .CreateListingPage,
            }),
          },
          {
            path: 'listings/:id/edit',
            lazy: async () => ({
              Component: (await import('@/features/listings/routes/edit-listing-page.tsx')).EditListingPage,
            }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
  {
    element: <ProtectedRoute requiredRole="buyer" />,
    children: [
      {
        path: 'watchlist',
        lazy: async () => ({
          Component: (await import('@/features/watchlist/routes/watchlist-page.tsx')).WatchlistPage,
        }),
      },
    ],
  },
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: 'messages',
        lazy: async () => ({
          Component: (await import('@/features/messaging/routes/messages-page.tsx')).MessagesPage,
        }),
      },
      {
        path: 'orders',
        lazy: async () => ({
          Component: (await import('@/features/deals/routes/orders-page.tsx')).OrdersPage,
        }),
      },
      {
        path: 'orders/:id',
        lazy: async () => ({
          Component: (await import('@/features/deals/routes/order-detail-page.tsx')).OrderDetailPage,
        }),
      },
      {
        path: 'saved-searches',
        lazy: async () => ({
          Component: (await import('@/features/saved-searches/routes/saved-searches-page.tsx'))
            .SavedSearchesPage,
        }),
      },
      {
        path: 'profile',
        lazy: async () => ({
          Component: (await import('@/features/accounts/routes/profile-page.tsx')).ProfilePage,
        }),
      },
    ],
  },
];

const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Last resort: the layout itself failed.
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        // Page errors render inside the layout, so the navigation stays usable.
        errorElement: <RouteErrorPage />,
        children: [
          ...publicRoutes,
          ...protectedRoutes,
          // Unknown addresses get the not-found page, inside the layout (decision 133).
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
