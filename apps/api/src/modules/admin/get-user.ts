import type { AdminUser } from '@jelly/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { telegramLinks, userBlocks, userReports, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { listUserOrders, tradingStats } from '../orders/index.ts';
import { activeBanOf, bansOf } from './ban-view.ts';

const LIST_SIZE = 50;

/** GET /admin/users/{wallet} — everything an admin weighs before acting on a wallet (it need not have signed in). */
export async function getAdminUser(
  ctx: { db: Database; now: Date; adminWallets: ReadonlySet<string> },
  admin: AuthUser,
  wallet: string,
): Promise<AdminUser> {
  const { db, now } = ctx;
  const [user] = await db.select().from(users).where(eq(users.wallet, wallet));
  const [stats, deals, offers, reports, blocking, blockedBy, banList, [telegram]] = await Promise.all([
    tradingStats(db, wallet, now),
    listUserOrders(db, admin, wallet, { Kind: 'deals', Size: LIST_SIZE }),
    listUserOrders(db, admin, wallet, { Kind: 'offers', Size: LIST_SIZE }),
    db.select().from(userReports).where(eq(userReports.toWallet, wallet)).orderBy(desc(userReports.createdAt)).limit(100),
    db.select().from(userBlocks).where(eq(userBlocks.blockerWallet, wallet)).orderBy(desc(userBlocks.createdAt)),
    db.select().from(userBlocks).where(eq(userBlocks.blockedWallet, wallet)).orderBy(desc(userBlocks.createdAt)),
    bansOf(db, wallet, now),
    db.select({ n: count() }).from(telegramLinks).where(eq(telegramLinks.wallet, wallet)),
  ]);
  return {
    wallet,
    createdAt: user?.createdAt.toISOString() ?? null,
    lastSignInAt: user?.lastSignInAt.toISOString() ?? null,
    isAdmin: ctx.adminWallets.has(wallet),
    telegramLinked: (telegram?.n ?? 0) > 0,
    stats,
    deals: deals.orders,
    offers: offers.orders,
    reportsAgainst: reports.map((r) => ({ id: r.id, fromWallet: r.fromWallet, comment: r.comment, createdAt: r.createdAt.toISOString() })),
    blocking: blocking.map((b) => ({ wallet: b.blockedWallet, reason: b.reason, createdAt: b.createdAt.toISOString() })),
    blockedBy: blockedBy.map((b) => ({ wallet: b.blockerWallet, reason: b.reason, createdAt: b.createdAt.toISOString() })),
    bans: banList,
    activeBan: activeBanOf(banList),
  };
}
