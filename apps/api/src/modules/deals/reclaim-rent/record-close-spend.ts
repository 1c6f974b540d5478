import { and, asc, eq } from 'drizzle-orm';
import type { Chain } from '../../../chain/chain.ts';
import type { Database } from '../../../db/connect.ts';
import { dealTransactions } from '../../../db/schema/index.ts';
import { recordAdminSpend } from '../../fee-payer/index.ts';

/**
 * A close gives rent back to the admin: record it as negative rent so the platform's 24-hour spend is net of it, and
 * credit a ticket's rent to the wallet whose lock made the admin pay it (its daily rent budget counts only what has
 * not come back). Orders and vaults are credited to the platform alone.
 */
export async function recordCloseSpend(
  ctx: { db: Database; chain: Chain; now: () => Date },
  row: { kind: string; orderId: number },
  signature: string,
): Promise<void> {
  let wallet: string | null = null;
  if (row.kind === 'ticket') {
    const [lock] = await ctx.db
      .select({ submittedBy: dealTransactions.submittedBy })
      .from(dealTransactions)
      .where(and(eq(dealTransactions.orderId, row.orderId), eq(dealTransactions.kind, 'lock')))
      .orderBy(asc(dealTransactions.createdAt))
      .limit(1);
    if (lock && !lock.submittedBy.startsWith('server:')) wallet = lock.submittedBy;
  }
  await recordAdminSpend(ctx, { signature, wallet, ip: null, kind: `close_${row.kind}`, orderId: row.orderId });
}
