/**
 * The web app's pages: the patterns its router serves and every link to a page, each page's path written once. The
 * API links to pages too (notification buttons, Telegram messages) and serves a deal page's first paint, and the e2e
 * visits them, so they live in the contracts beside the API's own paths (paths.ts).
 */

/** The router's patterns, relative as the router nests them under the app's layout. */
export const pageRoutes = {
  market: 'buy-crypto',
  swap: 'swap',
  placeOrder: 'p2p',
  myAccount: 'my-account',
  coinJelly: 'coin-jelly',
  notifications: 'notifications',
  settings: 'settings',
  escrowProof: 'proof-of-escrow',
  /** A deal's page and chat; with ?kind=swap, a swap's chat with the desk (deal and swap ids are separate). */
  deal: 'swap-chat/:id',
  onlineAd: 'online-ads/:id',
  coinJellyOrder: 'coin-jelly/:id',
  trader: 'trader/:wallet',
  /** The admin area, with its own routes (adminPageRoutes). */
  admin: 'admin/*',
} as const;

/** A pattern with its one parameter filled in, as an absolute path. */
const fill = (pattern: string, value: number | string) => `/${pattern.replace(/:[a-z]+/, String(value))}`;

/** Links to the pages. */
export const pagePaths = {
  home: '/',
  market: `/${pageRoutes.market}`,
  swap: `/${pageRoutes.swap}`,
  placeOrder: `/${pageRoutes.placeOrder}`,
  myAccount: `/${pageRoutes.myAccount}`,
  coinJelly: `/${pageRoutes.coinJelly}`,
  notifications: `/${pageRoutes.notifications}`,
  settings: `/${pageRoutes.settings}`,
  escrowProof: `/${pageRoutes.escrowProof}`,
  deal: (dealId: number | string) => fill(pageRoutes.deal, dealId),
  swapChat: (swapId: number | string) => `${fill(pageRoutes.deal, swapId)}?kind=swap`,
  onlineAd: (offerId: number | string) => fill(pageRoutes.onlineAd, offerId),
  coinJellyOrder: (orderId: number | string) => fill(pageRoutes.coinJellyOrder, orderId),
  trader: (wallet: string) => fill(pageRoutes.trader, wallet),
} as const;

/** The admin area's routes, relative to /admin (the admin area nests them). */
export const adminPageRoutes = {
  disputes: 'disputes',
  dispute: 'disputes/:id',
  overdue: 'overdue',
  deals: 'deals',
  /** A deal's admin order chat (support-request notifications link here). */
  order: 'orders/:id',
  users: 'users',
  user: 'users/:wallet',
  tokens: 'tokens',
  audit: 'audit',
  platform: 'platform',
  swaps: 'swaps',
  coinJelly: 'coin-jelly',
} as const;

const adminHome = `/${pageRoutes.admin.replace('/*', '')}`;

/** Links into the admin area. */
export const adminPagePaths = {
  home: adminHome,
  /** A section of the admin navigation, by its route. */
  section: (route: string) => `${adminHome}/${route}`,
  disputes: `${adminHome}/${adminPageRoutes.disputes}`,
  dispute: (dealId: number | string) => `${adminHome}${fill(adminPageRoutes.dispute, dealId)}`,
  deals: `${adminHome}/${adminPageRoutes.deals}`,
  order: (dealId: number | string) => `${adminHome}${fill(adminPageRoutes.order, dealId)}`,
  user: (wallet: string) => `${adminHome}${fill(adminPageRoutes.user, wallet)}`,
} as const;

/** A deal page's pathname, /swap-chat/{id} (the same path with ?kind=swap is a swap's chat). */
export const DEAL_PAGE_PATHNAME = new RegExp(`^${fill(pageRoutes.deal, '\\d+')}$`);
