/** The auth module's public surface: other modules and the app import it from here, never from its other files. */
export { ACCESS_TOKEN_AUDIENCE, verifyAccessToken } from './access-token.ts';
export type { AuthUser } from './access-token.ts';
export { findActiveBan } from './queries.ts';
export { walletBannedError } from './wallet-banned.ts';
export { applyBan, BanGuard, bannedCloseReason } from './ban-guard.ts';
export { refreshCookieName } from './refresh-cookie.ts';
export { readAuthConfig } from './auth-config.ts';
export type { AuthConfig, RateLimitConfig } from './auth-config.ts';
export { liftActiveBans, recordBan } from './ban-writes.ts';
