import { ACCESS_TOKEN_STORAGE_KEY } from '@jelly/domain';
import type { KeyValueStorage } from '../storage.ts';

export const ACCESS_EXP_KEY = 'accessExp';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export interface StoredTokens {
  accessToken: string | null;
  /** As received: an ISO date (seconds or milliseconds are accepted too, see parseTokenExpiry). */
  accessExp: string | null;
  refreshToken: string | null;
}

export interface IssuedTokens {
  accessToken: string;
  jwtExpiresAt: string;
  refreshToken?: string | undefined;
}

/** The session tokens in storage: accessToken, accessExp, refreshToken. */
export class TokenStore {
  constructor(private readonly storage: KeyValueStorage) {}

  read(): StoredTokens {
    return {
      accessToken: this.storage.getItem(ACCESS_TOKEN_STORAGE_KEY),
      accessExp: this.storage.getItem(ACCESS_EXP_KEY),
      refreshToken: this.storage.getItem(REFRESH_TOKEN_KEY),
    };
  }

  save(tokens: IssuedTokens): void {
    this.storage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokens.accessToken);
    this.storage.setItem(ACCESS_EXP_KEY, tokens.jwtExpiresAt);
    // A refresh without a new refresh token (cookie-only rotation) keeps the stored one.
    if (tokens.refreshToken) this.storage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  }

  clear(): void {
    this.storage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    this.storage.removeItem(ACCESS_EXP_KEY);
    this.storage.removeItem(REFRESH_TOKEN_KEY);
  }
}
