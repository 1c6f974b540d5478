/**
 * The page's entry: the HTML shell paints first, then the app loads. The app's modules take most of a second to
 * evaluate on a phone's CPU and about 180 KB to download; started from the HTML they share the link with the
 * stylesheet and their task runs before the first frame. After one frame they are fetched together: the app with
 * the chunks it imports, and the first screen's chunk beside it (the router would ask for it only once the app runs).
 */
const FIRST_SCREENS: Record<string, () => Promise<unknown>> = {
  '/': () => import('./features/home/pages/HomePage.tsx'),
  '/buy-crypto': () => import('./features/market/pages/MarketPage.tsx'),
  '/swap': () => import('./app/swap/SwapRoute.tsx'),
  '/coin-jelly': () => import('./features/coin-jelly/pages/CoinJellyPage.tsx'),
  '/p2p': () => import('./app/place-order/PlaceOrderRoute.tsx'),
  '/my-account': () => import('./app/dashboard/DashboardRoute.tsx'),
};
/** A deal's page (and a swap's chat): /swap-chat/{id}. */
const DEAL_SCREEN = /^\/swap-chat\/\d+$/;

function start(): void {
  const path = window.location.pathname;
  const screen = FIRST_SCREENS[path] ?? (DEAL_SCREEN.test(path) ? () => import('./app/chat/ChatRoute.tsx') : undefined);
  // A failed fetch here is retried by the route's own lazy import.
  screen?.().catch(() => undefined);
  void import('./main.tsx');
}

// A hidden tab paints no frame (requestAnimationFrame waits for it to be shown), so it starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
