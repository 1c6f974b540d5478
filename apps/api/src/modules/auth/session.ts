import { randomUUID } from 'node:crypto';
import type { SharedConfig } from '../../shared-config.ts';
import type { AuthConfig } from './auth-config.ts';
import type { Database } from '../../db/connect.ts';
import { signAccessToken } from './access-token.ts';
import { insertRefreshToken } from './auth-writes.ts';
import { generateRefreshToken } from './refresh-token.ts';

/** What the sign-in and session use cases need: the database and the configuration (clock, secrets, lifetimes). */
export interface AuthDeps {
  db: Database;
  config: SessionConfig;
}

/** The shared settings and the auth module's own that sign-in and sessions read. */
export type SessionConfig = SharedConfig & AuthConfig;

export interface Session {
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
  isAdmin: boolean;
}

/**
 * Mints an access token and a new refresh token in `familyId` (a new family at sign-in, the same family
 * on rotation). Admin rights are read from the configuration every time, so a change applies at the next refresh.
 */
export async function issueSession(
  db: Database,
  config: SessionConfig,
  wallet: string,
  familyId: string = randomUUID(),
): Promise<Session> {
  const now = config.now();
  const isAdmin = config.adminWallets.has(wallet);
  const access = await signAccessToken(config, { wallet, isAdmin });
  const refresh = generateRefreshToken();
  const refreshExpiresAt = new Date(now.getTime() + config.refreshTokenTtlSeconds * 1000);
  await insertRefreshToken(db, {
    tokenHash: refresh.hash,
    familyId,
    wallet,
    createdAt: now,
    expiresAt: refreshExpiresAt,
  });
  return {
    accessToken: access.token,
    accessExpiresAt: access.expiresAt,
    refreshToken: refresh.token,
    refreshExpiresAt,
    isAdmin,
  };
}
