/** The admin API's paths (under the API base). */
export const adminPaths = {
  disputes: '/admin/disputes',
  dispute: (orderId: number) => `/admin/disputes/${orderId}`,
  approvals: (orderId: number) => `/admin/disputes/${orderId}/approvals`,
  ban: '/admin/ban',
  unban: (wallet: string) => `/admin/ban/${encodeURIComponent(wallet)}`,
  user: (wallet: string) => `/admin/users/${encodeURIComponent(wallet)}`,
  newCoin: '/admin/new-coin-p2p',
  inspectMint: '/admin/tokens/inspect',
  token: (mint: string) => `/admin/tokens/${encodeURIComponent(mint)}`,
  audit: '/admin/audit',
  platform: '/admin/platform',
} as const;
