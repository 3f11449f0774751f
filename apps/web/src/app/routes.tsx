import { APP_ROUTES } from '@canopy/shared';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { HomePage } from '@/features/home/routes/home-page.tsx';
import { DashboardRedirect } from './dashboard-redirect.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import { NotFoundPage, RouteErrorPage } from './route-error-page.tsx';

// Every route of SPEC §2, at the addresses of APP_ROUTES (@canopy/shared), the list the server
// also reads to answer any other address with 404 (decision 191). Only the landing page is in the
// main bundle (first paint); every other screen loads on demand as its own chunk, so a first visit
// downloads only what it shows: the sign-in form alone would add the form and schema libraries to
// every page's first load.

const loginPage = async () => ({
  Component: (await import('@/features/auth/routes/login-page.tsx')).LoginPage,
});
const accountTypeSelectionPage = async () => ({
  Component: (await import('@/features/auth/routes/account-type-selection-page.tsx'))
    .AccountTypeSelectionPage,
});

const publicRoutes: RouteObject[] = [
  { path: APP_ROUTES.home, element: <HomePage /> },
  { path: APP_ROUTES.login, lazy: loginPage },
  { path: APP_ROUTES.authLogin, lazy: loginPage },
  { path: APP_ROUTES.accountTypeSelection, lazy: accountTypeSelectionPage },
  { path: APP_ROUTES.authRegister, lazy: accountTypeSelectionPage },
  {
    path: APP_ROUTES.register,
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/register-page.tsx')).RegisterPage,
    }),
  },
  {
    path: APP_ROUTES.checkEmail,
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/check-email-page.tsx')).CheckEmailPage,
    }),
  },
  {
    path: APP_ROUTES.verifyEmail,
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/verify-email-page.tsx')).VerifyEmailPage,
    }),
  },
  {
    path: APP_ROUTES.forgotPassword,
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/forgot-password-page.tsx')).ForgotPasswordPage,
    }),
  },
  {
    path: APP_ROUTES.resetPassword,
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/reset-password-page.tsx')).ResetPasswordPage,
    }),
  },
  {
    path: APP_ROUTES.help,
    lazy: async () => ({ Component: (await import('@/features/legal/routes/help-page.tsx')).HelpPage }),
  },
  {
    path: APP_ROUTES.terms,
    lazy: async () => ({ Component: (await import('@/features/legal/routes/terms-page.tsx')).TermsPage }),
  },
  {
    path: APP_ROUTES.privacy,
    lazy: async () => ({
      Component: (await import('@/features/legal/routes/privacy-page.tsx')).PrivacyPage,
    }),
  },
  {
    path: APP_ROUTES.products,
    lazy: async () => ({
      Component: (await import('@/features/catalog/routes/products-page.tsx')).ProductsPage,
    }),
  },
  {
    path: APP_ROUTES.product,
    lazy: async () => ({
      Component: (await import('@/features/catalog/routes/product-detail-page.tsx')).ProductDetailPage,
    }),
  },
  {
    // Public: a new person opens it from the mail before they have a login.
    path: APP_ROUTES.acceptInvitation,
    lazy: async () => ({
      Component: (await import('@/features/company/routes/accept-invitation-page.tsx')).AcceptInvitationPage,
    }),
  },
  {
    path: APP_ROUTES.sellerStorefront,
    lazy: async () => ({
      Component: (await import('@/features/catalog/routes/seller-storefront-page.tsx')).SellerStorefrontPage,
    }),
  },
];

const protectedRoutes: RouteObject[] = [
  {
    element: <ProtectedRoute allowUnverified />,
    children: [{ path: APP_ROUTES.dashboard, element: <DashboardRedirect /> }],
  },
  {
    element: <ProtectedRoute requiredRole="admin" />,
    children: [
      {
        path: APP_ROUTES.admin,
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
        path: APP_ROUTES.sellerDashboard,
        lazy: async () => ({
          Component: (await import('@/features/listings/routes/seller-dashboard-page.tsx'))
            .SellerDashboardPage,
        }),
      },
      {
        path: APP_ROUTES.newListing,
        lazy: async () => ({
          Component: (await import('@/features/listings/routes/create-listing-page.tsx')).CreateListingPage,
        }),
      },
      {
        path: APP_ROUTES.editListing,
        lazy: async () => ({
          Component: (await import('@/features/listings/routes/edit-listing-page.tsx')).EditListingPage,
        }),
      },
      {
        path: APP_ROUTES.lotImport,
        lazy: async () => ({
          Component: (await import('@/features/lot-import/routes/lot-import-page.tsx')).LotImportPage,
        }),
      },
      {
        path: APP_ROUTES.buyerGroups,
        lazy: async () => ({
          Component: (await import('@/features/buyer-groups/routes/buyer-groups-page.tsx')).BuyerGroupsPage,
        }),
      },
    ],
  },
  {
    element: <ProtectedRoute requiredRole="buyer" />,
    children: [
      {
        path: APP_ROUTES.watchlist,
        lazy: async () => ({
          Component: (await import('@/features/watchlist/routes/watchlist-page.tsx')).WatchlistPage,
        }),
      },
      {
        path: APP_ROUTES.newWanted,
        lazy: async () => ({
          Component: (await import('@/features/wanted/routes/new-wanted-page.tsx')).NewWantedPage,
        }),
      },
      {
        path: APP_ROUTES.cart,
        lazy: async () => ({
          Component: (await import('@/features/cart/routes/cart-page.tsx')).CartPage,
        }),
      },
    ],
  },
  {
    element: <ProtectedRoute />,
    children: [
      {
        path: APP_ROUTES.messages,
        lazy: async () => ({
          Component: (await import('@/features/messaging/routes/messages-page.tsx')).MessagesPage,
        }),
      },
      {
        path: APP_ROUTES.orders,
        lazy: async () => ({
          Component: (await import('@/features/deals/routes/orders-page.tsx')).OrdersPage,
        }),
      },
      {
        path: APP_ROUTES.order,
        lazy: async () => ({
          Component: (await import('@/features/deals/routes/order-detail-page.tsx')).OrderDetailPage,
        }),
      },
      {
        path: APP_ROUTES.samples,
        lazy: async () => ({
          Component: (await import('@/features/samples/routes/samples-page.tsx')).SamplesPage,
        }),
      },
      {
        path: APP_ROUTES.receivables,
        lazy: async () => ({
          Component: (await import('@/features/invoices/routes/invoices-page.tsx')).ReceivablesPage,
        }),
      },
      {
        path: APP_ROUTES.payables,
        lazy: async () => ({
          Component: (await import('@/features/invoices/routes/invoices-page.tsx')).PayablesPage,
        }),
      },
      {
        path: APP_ROUTES.wanted,
        lazy: async () => ({
          Component: (await import('@/features/wanted/routes/wanted-page.tsx')).WantedPage,
        }),
      },
      {
        path: APP_ROUTES.savedSearches,
        lazy: async () => ({
          Component: (await import('@/features/saved-searches/routes/saved-searches-page.tsx'))
            .SavedSearchesPage,
        }),
      },
      {
        path: APP_ROUTES.notifications,
        lazy: async () => ({
          Component: (await import('@/features/notifications/routes/notifications-page.tsx'))
            .NotificationsPage,
        }),
      },
      {
        path: APP_ROUTES.company,
        lazy: async () => ({
          Component: (await import('@/features/company/routes/company-page.tsx')).CompanyPage,
        }),
      },
      {
        path: APP_ROUTES.profile,
        lazy: async () => ({
          Component: (await import('@/features/accounts/routes/profile-page.tsx')).ProfilePage,
        }),
      },
    ],
  },
];

export const routes: RouteObject[] = [
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
          // Unknown addresses get the not-found page, inside the layout (decision 133); the server
          // answers them with status 404 (decision 191).
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
