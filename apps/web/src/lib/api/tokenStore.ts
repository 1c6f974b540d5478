import { ACCESS_TOKEN_STORAGE_KEY } from '@jelly/domain';
import type { KeyValueStorage } from '../storage.ts';

export const ACCESS_EXP_KEY = 'accessExp';
/** Where older versions kept the refresh token; it now lives only in the server's httpOnly cookie, so it is removed. */
export const LEGACY_REFRESH_TOKEN_KEY = 'refreshToken';

export interface StoredTokens {
  accessToken: string | null;
  /** As received: an ISO date (seconds or milliseconds are accepted too, see parseTokenExpiry). */
  accessExp: string | null;
}

export interface IssuedTokens {
  accessToken: string;
  jwtExpiresAt: string;
}

/**
 * The access token in storage (accessToken, accessExp). The refresh token is never stored: it is an httpOnly
 * cookie that page scripts cannot read, sent by the browser to /api/auth/refresh and /api/auth/logout.
 */
export class TokenStore {
  constructor(private readonly storage: KeyValueStorage) {
    storage.removeItem(LEGACY_REFRESH_TOKEN_KEY);
  }

  read(): StoredTokens {
    return {
      accessToken: this.storage.getItem(ACCESS_TOKEN_STORAGE_KEY),
      accessExp: this.storage.getItem(ACCESS_EXP_KEY),
    };
  }

  save(tokens: IssuedTokens): void {
    this.storage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokens.accessToken);
    this.storage.setItem(ACCESS_EXP_KEY, tokens.jwtExpiresAt);
  }

  clear(): void {
    this.storage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    this.storage.removeItem(ACCESS_EXP_KEY);
  }
}
