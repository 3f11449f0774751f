import { Outlet, ScrollRestoration } from 'react-router';
import { LiveMessages } from '@/features/messaging';
import { AuthProvider } from '@/lib/auth/session-context.tsx';
import { AppToaster } from '../app-toaster.tsx';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';
import { UnreadBanner } from './unread-banner.tsx';

/** The frame of every screen: nav bar, unread banner, page, footer and toasts. */
export function RootLayout() {
  return (
    <AuthProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <NavBar />
        <UnreadBanner />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
      <AppToaster />
      <ScrollRestoration />
      <LiveMessages />
    </AuthProvider>
  );
}
