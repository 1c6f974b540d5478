import { DEAL_PAGE_PATHNAME, pagePaths } from '@jelly/contracts';

/**
 * The page's entry: the HTML shell paints first, then the app loads. The app's modules take most of a second to
 * evaluate on a phone's CPU and about 180 KB to download; started from the HTML they share the link with the
 * stylesheet and their task runs before the first frame. After one frame they are fetched together: the app with
 * the chunks it imports, and the first screen's chunk beside it (the router would ask for it only once the app runs).
 */
const FIRST_SCREENS: Record<string, () => Promise<unknown>> = {
  [pagePaths.home]: () => import('./features/home/pages/HomePage.tsx'),
  [pagePaths.market]: () => import('./features/market/pages/MarketPage.tsx'),
  [pagePaths.swap]: () => import('./app/swap/SwapRoute.tsx'),
  [pagePaths.coinJelly]: () => import('./features/coin-jelly/pages/CoinJellyPage.tsx'),
  [pagePaths.placeOrder]: () => import('./app/place-order/PlaceOrderRoute.tsx'),
  [pagePaths.myAccount]: () => import('./app/dashboard/DashboardRoute.tsx'),
};

function start(): void {
  const path = window.location.pathname;
  const screen = FIRST_SCREENS[path] ?? (DEAL_PAGE_PATHNAME.test(path) ? () => import('./app/chat/ChatRoute.tsx') : undefined);
  // A failed fetch here is retried by the route's own lazy import.
  screen?.().catch(() => undefined);
  void import('./main.tsx');
}

// A hidden tab paints no frame (requestAnimationFrame waits for it to be shown), so it starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
