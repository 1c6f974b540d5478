/** The admin area's sections, in the order of its navigation. */
export const ADMIN_SECTIONS = [
  { path: 'disputes', label: 'Disputes' },
  { path: 'overdue', label: 'Overdue' },
  { path: 'deals', label: 'Deals' },
  { path: 'users', label: 'Users' },
  { path: 'tokens', label: 'Tokens' },
  { path: 'swaps', label: 'Swaps' },
  { path: 'coin-jelly', label: 'Coin Jelly' },
  { path: 'audit', label: 'Audit log' },
  { path: 'platform', label: 'Platform' },
] as const;

export type AdminSectionPath = (typeof ADMIN_SECTIONS)[number]['path'];
