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
} as const;

/** The admin back office (bearer + admin role). */
export const adminPaths = {
  disputes: '/admin/disputes',
  dispute: (id: number | string) => `/admin/disputes/${id}`,
  approvals: (id: number | string) => `/admin/disputes/${id}/approvals`,
  ban: '/admin/ban',
  unban: (wallet: string) => `/admin/ban/${wallet}`,
  user: (wallet: string) => `/admin/users/${wallet}`,
  newCoin: '/admin/new-coin-p2p',
  tokens: '/admin/tokens',
  tokenInspect: '/admin/tokens/inspect',
  token: (mint: string) => `/admin/tokens/${mint}`,
  audit: '/admin/audit',
  platform: '/admin/platform',
} as const;
