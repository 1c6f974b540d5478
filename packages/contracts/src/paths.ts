/** The API is mounted under this prefix; paths below are relative to it. */
export const API_PREFIX = '/api';

export const apiPaths = {
  health: '/health',
  authNonce: '/auth/nonce',
  auth: '/auth',
  authRefresh: '/auth/refresh',
  authLogout: '/auth/logout',
  authMe: '/auth/me',
  payments: '/payments',
  coins: '/platform/coins',
  countries: '/platform/countries',
  platformConfig: '/platform/config',
  docs: '/docs',
  coinJellyCoins: '/coin-jelly/coins',
  coinJellyQuote: '/coin-jelly/quote',
  coinJellyOrders: '/coin-jelly/orders',
  coinJellyCreate: '/coin-jelly/create-jelly',
  coinJellyUserOrders: '/coin-jelly/user-orders',
  coinJellyHistory: '/coin-jelly/jelly-history',
  adminUpdateJelly: '/admin/update-jelly',
  adminJellyConfirmDeposit: '/admin/coin-jelly/confirm-deposit',
  adminJellyQueue: '/admin/coin-jelly/queue',
} as const;

/** Swap endpoints (signed-in; the admin ones need an admin). */
export const swapPaths = {
  quote: '/swap/quote',
  submit: '/swap/submit',
  /** The owner or an admin. */
  swap: (id: number | string) => `/swaps/${id}`,
  /** The caller's own swaps. */
  history: '/swaps',
  adminSwaps: '/admin/swaps',
  adminSwap: (id: number | string) => `/admin/swaps/${id}`,
  adminDesk: '/admin/desk',
} as const;

/** The admin back office (bearer + admin role). */
export const adminPaths = {
  disputes: '/admin/disputes',
  dispute: (id: number | string) => `/admin/disputes/${id}`,
  approvals: (id: number | string) => `/admin/disputes/${id}/approvals`,
  /** A disputed deal's payment details (each read audited). */
  disputePaymentDetails: (id: number | string) => `/admin/disputes/${id}/payment-details`,
  ban: '/admin/ban',
  unban: (wallet: string) => `/admin/ban/${wallet}`,
  user: (wallet: string) => `/admin/users/${wallet}`,
  newCoin: '/admin/new-coin-p2p',
  tokens: '/admin/tokens',
  tokenInspect: '/admin/tokens/inspect',
  token: (mint: string) => `/admin/tokens/${mint}`,
  audit: '/admin/audit',
  platform: '/admin/platform',
  /** Everything waiting past its deadline (the watchdog). */
  overdue: '/admin/overdue',
} as const;
