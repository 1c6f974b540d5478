import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner.tsx';
import { lazyScreen } from '../lib/lazy/importWithRetry.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { pagePaths, pageRoutes } from '@jelly/contracts';

/** The app's routes; every screen is lazy-loaded with retries. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        // The admin area has no app header and footer.
        path: pageRoutes.admin,
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
              { path: pageRoutes.market, lazy: lazyScreen(() => import('../features/market/pages/MarketPage.tsx')) },
              { path: pageRoutes.swap, lazy: lazyScreen(() => import('./swap/SwapRoute.tsx')) },
              { path: pageRoutes.deal, lazy: lazyScreen(() => import('./chat/ChatRoute.tsx')) },
              { path: pageRoutes.onlineAd, lazy: lazyScreen(() => import('./market/OnlineAdRoute.tsx')) },
              { path: pageRoutes.myAccount, lazy: lazyScreen(() => import('./dashboard/DashboardRoute.tsx')) },
              { path: pageRoutes.coinJelly, lazy: lazyScreen(() => import('../features/coin-jelly/pages/CoinJellyPage.tsx')) },
              { path: pageRoutes.coinJellyOrder, lazy: lazyScreen(() => import('../features/coin-jelly/pages/CoinJellyOrderPage.tsx')) },
              { path: pageRoutes.placeOrder, lazy: lazyScreen(() => import('./place-order/PlaceOrderRoute.tsx')) },
              { path: pageRoutes.notifications, lazy: lazyScreen(() => import('../features/notifications/pages/NotificationsPage.tsx')) },
              { path: pageRoutes.settings, lazy: lazyScreen(() => import('./settings/SettingsRoute.tsx')) },
              { path: pageRoutes.escrowProof, lazy: lazyScreen(() => import('../features/escrow-proof/pages/EscrowProofPage.tsx')) },
              { path: pageRoutes.trader, lazy: lazyScreen(() => import('./traders/TraderRoute.tsx')) },
              { path: '*', element: <Navigate to={pagePaths.home} replace /> },
            ],
          },
        ],
      },
    ],
  },
];
