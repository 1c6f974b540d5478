import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner.tsx';
import { lazyScreen } from '../lib/lazy/importWithRetry.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/** The app's routes; every screen is lazy-loaded with retries. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        // The admin area has no app header and footer.
        path: 'admin/*',
        errorElement: <RouteErrorPage />,
        lazy: lazyScreen(() => import('./admin/AdminRoute.tsx')),
      },
      {
        element: <AppLayout />,
        children: [
          {
            // Errors of a screen render inside the layout, so the header and footer stay.
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, lazy: lazyScreen(() => import('../features/home/pages/HomePage.tsx')) },
              { path: 'buy-crypto', lazy: lazyScreen(() => import('../features/market/pages/MarketPage.tsx')) },
              { path: 'swap', lazy: lazyScreen(() => import('./swap/SwapRoute.tsx')) },
              { path: 'swap-chat/:id', lazy: lazyScreen(() => import('./chat/ChatRoute.tsx')) },
              { path: 'online-ads/:id', lazy: lazyScreen(() => import('./market/OnlineAdRoute.tsx')) },
              { path: 'my-account', lazy: lazyScreen(() => import('./dashboard/DashboardRoute.tsx')) },
              { path: 'coin-jelly', lazy: lazyScreen(() => import('../features/coin-jelly/pages/CoinJellyPage.tsx')) },
              { path: 'coin-jelly/:id', lazy: lazyScreen(() => import('../features/coin-jelly/pages/CoinJellyOrderPage.tsx')) },
              { path: 'p2p', lazy: lazyScreen(() => import('./place-order/PlaceOrderRoute.tsx')) },
              { path: 'notifications', lazy: lazyScreen(() => import('../features/notifications/pages/NotificationsPage.tsx')) },
              { path: 'settings', lazy: lazyScreen(() => import('./settings/SettingsRoute.tsx')) },
              { path: 'proof-of-escrow', lazy: lazyScreen(() => import('../features/escrow-proof/pages/EscrowProofPage.tsx')) },
              { path: 'trader/:wallet', lazy: lazyScreen(() => import('./traders/TraderRoute.tsx')) },
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
        ],
      },
    ],
  },
];
