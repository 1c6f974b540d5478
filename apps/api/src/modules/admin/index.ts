/** The admin back office's public surface: the app registers its routes.ts; other modules import only this. */
export { readAdminConfig, DEFAULT_ADMIN_CONFIG } from './admin-config.ts';
export type { AdminConfig } from './admin-config.ts';
export { adminCaller, adminOnly } from './admin-scope.ts';
export type { DeskBalances } from './platform-figures.ts';
