import type { SwapRecord } from '@jelly/contracts';
import { SWAP_AWAITING_CHAIN } from '@jelly/domain';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { findSwap } from './queries.ts';
import { toSwapRecord } from './swap-view.ts';
import { syncSwapFromChain } from './sync-swap-from-chain.ts';

export const SWAP_NOT_FOUND = 'Swap not found';

/** GET /swaps/{id}: its owner or an admin; a Processing swap is first brought up to date from the chain. */
export async function getSwap(ctx: { db: Database; chain: Chain | null; now: () => Date }, user: AuthUser, id: number): Promise<SwapRecord> {
  const row = await findSwap(ctx.db, id);
  if (!row) throw notFound(SWAP_NOT_FOUND);
  if (row.wallet !== user.wallet && !user.isAdmin) throw forbidden('This swap belongs to another wallet.');
  const current = SWAP_AWAITING_CHAIN.includes(row.status) && ctx.chain ? await syncSwapFromChain(ctx.db, ctx.chain, row, ctx.now()).catch(() => row) : row;
  return toSwapRecord(current);
}
