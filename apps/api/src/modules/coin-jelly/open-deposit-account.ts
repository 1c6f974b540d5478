import type { JellyCoinCode } from '@jelly/contracts';
import { PublicKey } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { jellyOrders } from '../../db/schema/index.ts';
import { recordAdminSpend } from '../fee-payer/index.ts';
import { jellyCoin } from './coins.ts';
import type { JellyContext } from './context.ts';
import { addJellyEvent } from './jelly-writes.ts';
import { openDepositTokenAccount } from './move-funds.ts';
import { findJellyOrder } from './queries.ts';

/**
 * For a token order the platform opens the deposit token account up front (its rent returns at the sweep), so a
 * wallet can send to the address without paying to create it. Native SOL and other chains need nothing.
 */
export async function openDepositAccount(ctx: JellyContext, orderId: number): Promise<void> {
  const order = await findJellyOrder(ctx.db, orderId);
  const coin = order ? jellyCoin(order.sendCoin as JellyCoinCode, order.sendChain as 'Solana') : undefined;
  if (!order || !coin?.mint || !ctx.chain) return;
  const opened = await openDepositTokenAccount(ctx.chain, new PublicKey(order.depositAddress), new PublicKey(coin.mint));
  const now = ctx.now();
  await ctx.db.update(jellyOrders).set({ depositTokenAccount: opened.account.toBase58(), updatedAt: now }).where(eq(jellyOrders.id, orderId));
  await addJellyEvent(ctx.db, orderId, order.stage, { kind: 'deposit_account_opened', signature: opened.signature, coin: coin.currency }, now);
  await recordAdminSpend(
    { db: ctx.db, chain: ctx.chain, now: ctx.now, feePayer: ctx.feePayer, log: ctx.log },
    { signature: opened.signature, wallet: order.userWallet, ip: null, kind: 'jelly_deposit_account', orderId: null },
  );
}
