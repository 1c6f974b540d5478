import type { Chain } from '../../../chain/chain.ts';
import type { Database } from '../../../db/connect.ts';
import { settleAdminSpend } from '../../../chain/gate/index.ts';

/**
 * A close gave rent back to the admin: the chain's figures replace what the gate booked before sending (negative
 * rent, credited to the wallet and IP the gate charged: the ones whose lock made the admin pay it), so their daily
 * rent budgets and the platform's 24-hour spend count only what has not come back.
 */
export async function recordCloseSpend(
  ctx: { db: Database; chain: Chain; now: () => Date },
  row: { kind: string; orderId: number },
  signature: string,
): Promise<void> {
  await settleAdminSpend(ctx, { signature, wallet: null, ip: null, kind: `close_${row.kind}`, orderId: row.orderId });
}
