import { OfferSide, OrderStatus, fromBaseUnits, insufficientBalanceMessage } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { badRequest } from '../../errors.ts';
import { queryRows } from '../../db/rows.ts';
import { walletTokenBalance } from './token-balance.ts';

export interface SellToken {
  mint: string;
  symbol: string;
  decimals: number;
}

/** What a wallet's open (Active) Sell offers of `mint` still make available, in base units. */
async function openSellAmount(db: Database, wallet: string, mint: string): Promise<bigint> {
  const rows = await queryRows<{ total: string | null }>(db, sql`
    SELECT COALESCE(SUM(amount), 0)::text AS total FROM orders
    WHERE creator_wallet = ${wallet} AND token_mint = ${mint} AND parent_order_id IS NULL
      AND offer_side = ${OfferSide.Sell} AND status = ${OrderStatus.Active}`);
  return BigInt(rows[0]?.total ?? '0');
}

/**
 * The same tokens cannot be offered twice: the wallet's open Sell offers of the token, plus `adding` (a new offer's
 * total), must stay within its on-chain balance. Otherwise 400 'Insufficient {symbol} balance to sell {amount}
 * {symbol}', `amount` being what the caller asked for (the new offer's total, or the claimed amount).
 */
export async function assertSellCovered(
  db: Database,
  chain: Chain | null,
  wallet: string,
  token: SellToken,
  adding: bigint,
  asked: bigint,
): Promise<void> {
  const balance = await walletTokenBalance(chain, wallet, token.mint);
  const required = (await openSellAmount(db, wallet, token.mint)) + adding;
  if (balance < required) {
    throw badRequest(insufficientBalanceMessage(token.symbol, fromBaseUnits(asked, token.decimals)), {
      balance: balance.toString(),
      required: required.toString(),
    });
  }
}

/**
 * At claim, a Sell offer's creator must still hold what their open Sell offers of the token make available (tokens
 * moved away after listing would otherwise surface only as an on-chain error at lock time).
 */
export async function assertSellCoveredAtClaim(
  ctx: { db: Database; chain: Chain | null },
  offer: { creatorWallet: string; tokenMint: string; tokenName: string; tokenDecimal: number },
  claimed: bigint,
): Promise<void> {
  // With no chain configured at all (the database-only test apps) there is no balance to read; the lock itself is the
  // final guard. A configured chain that fails to answer still refuses the claim (walletTokenBalance).
  if (!ctx.chain) return;
  const token = { mint: offer.tokenMint, symbol: offer.tokenName, decimals: offer.tokenDecimal };
  await assertSellCovered(ctx.db, ctx.chain, offer.creatorWallet, token, 0n, claimed);
}
