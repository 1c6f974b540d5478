import { adminPageRoutes } from '@jelly/contracts';
/** The admin area's sections, in the order of its navigation. */
export const ADMIN_SECTIONS = [
  { path: adminPageRoutes.disputes, label: 'Disputes' },
  { path: adminPageRoutes.overdue, label: 'Overdue' },
  { path: adminPageRoutes.deals, label: 'Deals' },
  { path: adminPageRoutes.users, label: 'Users' },
  { path: adminPageRoutes.tokens, label: 'Tokens' },
  { path: adminPageRoutes.swaps, label: 'Swaps' },
  { path: adminPageRoutes.coinJelly, label: 'Coin Jelly' },
  { path: adminPageRoutes.audit, label: 'Audit log' },
  { path: adminPageRoutes.platform, label: 'Platform' },
] as const;

export type AdminSectionPath = (typeof ADMIN_SECTIONS)[number]['path'];
