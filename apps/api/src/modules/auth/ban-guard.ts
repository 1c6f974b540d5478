import { and, eq, isNull } from 'drizzle-orm';
import type { SharedConfig } from '../../shared-config.ts';
import type { Database } from '../../db/connect.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import { emitSignal } from '../../realtime/signals.ts';
import { DEFAULT_SECURITY_CONFIG } from '../../security-config.ts';
import { findActiveBan } from './queries.ts';

export interface ActiveBan {
  reason: string;
  until: Date;
}

/**
 * Answers "is this wallet banned now?" for every authenticated request. An answer is reused for at most
 * `banCacheMs` (≤ 5 s), so a ban written by another replica bites within that time; `forget` drops it at once.
 */
export class BanGuard {
  private readonly cache = new Map<string, { ban: ActiveBan | null; checkedAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly config: Pick<SharedConfig, 'now' | 'security'>,
  ) {}

  private get ttlMs(): number {
    return (this.config.security ?? DEFAULT_SECURITY_CONFIG).banCacheMs;
  }

  async activeBan(wallet: string): Promise<ActiveBan | null> {
    const now = this.config.now();
    const cached = this.cache.get(wallet);
    if (cached && now.getTime() - cached.checkedAt < this.ttlMs) {
      return cached.ban && cached.ban.until.getTime() > now.getTime() ? cached.ban : null;
    }
    const ban = (await findActiveBan(this.db, wallet, now)) ?? null;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(wallet, { ban, checkedAt: now.getTime() });
    return ban;
  }

  forget(wallet: string): void {
    this.cache.delete(wallet);
  }
}

export interface ApplyBanDeps {
  db: Database;
  config: Pick<SharedConfig, 'now'>;
  bans: BanGuard;
}

/**
 * Makes a ban written to the `bans` table take effect at once: revokes every refresh token of the wallet, drops the
 * cached "not banned" answer, and signals every API process to close the wallet's open sockets with the reason.
 * Call it right after inserting the ban row (the admin ban endpoint does). False when the wallet has no active ban.
 */
export async function applyBan(deps: ApplyBanDeps, wallet: string): Promise<boolean> {
  const { db, config, bans } = deps;
  const now = config.now();
  bans.forget(wallet);
  const ban = await findActiveBan(db, wallet, now);
  if (!ban) return false;
  await db.transaction(async (tx) => {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.wallet, wallet), isNull(refreshTokens.revokedAt)));
    await emitSignal(tx, { t: 'ban', w: wallet, r: ban.reason.slice(0, 200) });
  });
  bans.forget(wallet);
  return true;
}

/** The WebSocket close reason for a banned wallet (close reasons are limited to 123 bytes). */
export function bannedCloseReason(reason: string): string {
  const text = `Wallet banned: ${reason}`;
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char) > 123) break;
    out += char;
  }
  return out;
}
