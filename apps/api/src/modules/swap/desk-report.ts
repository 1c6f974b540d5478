import type { DeskInventory } from '@jelly/contracts';
import { decimalToString, fromBaseUnits, multiplyDecimal, parseDecimal, SwapStatus } from '@jelly/domain';
import { eq, sql } from 'drizzle-orm';
import type { Chain } from '../../chain/chain.ts';
import type { Queryable } from '../../db/rows.ts';
import { adminSpend, swaps } from '../../db/schema/index.ts';
import type { PriceFeed } from '../prices/index.ts';
import type { DeskAsset } from './desk-assets.ts';
import { readBalances } from './desk-inventory.ts';
import type { Desk } from './desk-service.ts';

/** Signed base units × USD price, in whole cents rounded half away from zero. */
function centsOf(units: bigint, asset: DeskAsset, price: string): bigint {
  const magnitude = units < 0n ? -units : units;
  const value = multiplyDecimal(parseDecimal(fromBaseUnits(magnitude, asset.decimals)), price);
  const scale = 10n ** BigInt(value.scale);
  const cents = (value.units * 100n + scale / 2n) / scale;
  return units < 0n ? -cents : cents;
}

const formatUsd = (cents: bigint): string =>
  `${cents < 0n ? '-' : ''}${decimalToString({ units: cents < 0n ? -cents : cents, scale: 2 })}`;

/**
 * GET /admin/desk: the desk's balances read from the chain now, and the P&L of completed swaps: per token what the
 * desk received minus what it paid, their sum at today's prices, and the network fees the admin paid for swaps.
 */
export async function deskReport(ctx: { db: Queryable; chain: Chain; desk: Desk; priceFeed: PriceFeed; now: () => Date }): Promise<DeskInventory> {
  const balances = await readBalances(ctx.chain, ctx.desk.key.publicKey, ctx.desk.assets);
  const prices = new Map<string, string>();
  for (const asset of ctx.desk.assets) {
    const quote = await ctx.priceFeed.cryptoUsd(asset.symbol).catch(() => null);
    if (quote) prices.set(asset.symbol, quote.value);
  }
  const flows = await ctx.db
    .select({
      symbol: sql<string>`s.symbol`,
      net: sql<string>`sum(s.amount)::text`,
    })
    .from(
      sql`(select ${swaps.inSymbol} as symbol, ${swaps.inAmount} as amount from ${swaps} where ${swaps.status} = ${SwapStatus.Completed}
           union all
           select ${swaps.outSymbol}, -${swaps.outAmount} from ${swaps} where ${swaps.status} = ${SwapStatus.Completed}) as s`,
    )
    .groupBy(sql`s.symbol`);
  const [completed] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(swaps).where(eq(swaps.status, SwapStatus.Completed));
  const [fees] = await ctx.db
    .select({ lamports: sql<string>`coalesce(sum(${adminSpend.feeLamports}), 0)::text` })
    .from(adminSpend)
    .where(eq(adminSpend.kind, 'swap'));
  const perToken = ctx.desk.assets.map((asset) => ({
    mint: asset.mint.toBase58(),
    symbol: asset.symbol,
    decimals: asset.decimals,
    net: flows.find((f) => f.symbol === asset.symbol)?.net ?? '0',
  }));
  const priced = perToken.every((t) => prices.has(t.symbol));
  return {
    wallet: ctx.desk.key.publicKey.toBase58(),
    balances: balances.map(({ asset, amount }) => ({
      mint: asset.mint.toBase58(),
      symbol: asset.symbol,
      decimals: asset.decimals,
      amount: amount.toString(),
      usdValue: prices.has(asset.symbol) ? formatUsd(centsOf(amount, asset, prices.get(asset.symbol) as string)) : null,
    })),
    pnl: {
      completedSwaps: completed?.n ?? 0,
      perToken,
      usdValue: priced
        ? formatUsd(ctx.desk.assets.reduce((total, asset, i) => total + centsOf(BigInt(perToken[i]?.net ?? '0'), asset, prices.get(asset.symbol) as string), 0n))
        : null,
      adminFeesLamports: fees?.lamports ?? '0',
    },
    settings: {
      spreadBps: ctx.desk.config.spreadBps,
      quoteTtlSeconds: Math.round(ctx.desk.config.quoteTtlMs / 1000),
      minUsd: ctx.desk.config.minUsd,
      maxUsd: ctx.desk.config.maxUsd,
      maxInventoryShareBps: ctx.desk.config.maxInventoryShareBps,
    },
    asOf: ctx.now().toISOString(),
  };
}
