import type { JellyOrder, ReserveJellyInput } from '@jelly/contracts';
import { COIN_JELLY_RATE_LOCK_MINUTES, recipientAddressError } from '@jelly/domain';
import { randomUUID } from 'node:crypto';
import { and, count, eq, gte } from 'drizzle-orm';
import { jellyOrders } from '../../db/schema/index.ts';
import { validationError } from '../../errors.ts';
import { enforceDailyCap } from '../../lib/daily-cap.ts';
import type { AuthUser } from '../auth/index.ts';
import type { JellyContext } from './context.ts';
import { depositAddress, toChecksumAddress } from './deposit-keys.ts';
import { addJellyEvent } from './jelly-writes.ts';
import { quoteJelly } from './quote.ts';
import { findJellyOrder, findJellyOrderByAddress, jellyTimeline } from './queries.ts';
import { jellyOrderWire } from './to-wire.ts';

export const REFUND_ADDRESS_NEEDED = (chain: string) => `Enter a refund address on ${chain}: your deposit comes back there if the exchange does not happen`;
export const RECIPIENT_IS_DEPOSIT_ADDRESS = 'The recipient cannot be a Coin Jelly deposit address: enter the wallet that should receive the coins';
export const JELLY_DAILY_CAP = (max: number, resetsAt: string) =>
  `You can reserve at most ${max} Coin Jelly orders a day; the limit resets at ${resetsAt}.`;

/** How a deposit address of the chain is stored: Bitcoin's bech32 in lower case, Ethereum's EIP-55, Solana's as is. */
function depositSpelling(chain: string, address: string): string {
  if (chain === 'Bitcoin') return address.toLowerCase();
  if (chain === 'Ethereum') return toChecksumAddress(address);
  return address;
}

/**
 * Fixes a quote as an order and gives it a deposit address of its own (derived from the seed and the order's id,
 * so no address is ever reused). The order is watched from now on; it expires when the rate does, unless a deposit
 * arrives (a late one reopens it). A wallet reserves at most `maxOrdersPerDay` orders per UTC day (429 beyond).
 */
export async function reserveJellyOrder(ctx: JellyContext, user: AuthUser, input: ReserveJellyInput): Promise<JellyOrder> {
  const quote = await quoteJelly(ctx, input);
  const recipientProblem = recipientAddressError(quote.receive.chain, input.recipientAddress, { bitcoinNetwork: ctx.config.bitcoinNetwork });
  if (recipientProblem) throw validationError(recipientProblem, { recipientAddress: recipientProblem });
  // A payout into another order's deposit address would be that order's deposit too, and one transaction pays only
  // one record: the desk's payout could then be refused after it was sent.
  if (await findJellyOrderByAddress(ctx.db, depositSpelling(quote.receive.chain, input.recipientAddress))) {
    throw validationError(RECIPIENT_IS_DEPOSIT_ADDRESS, { recipientAddress: RECIPIENT_IS_DEPOSIT_ADDRESS });
  }
  const refundAddress = input.refundAddress ?? (quote.send.chain === 'Solana' ? user.wallet : null);
  if (!refundAddress) throw validationError(REFUND_ADDRESS_NEEDED(quote.send.chain), { refundAddress: REFUND_ADDRESS_NEEDED(quote.send.chain) });
  const refundProblem = recipientAddressError(quote.send.chain, refundAddress, { bitcoinNetwork: ctx.config.bitcoinNetwork });
  if (refundProblem) throw validationError(refundProblem, { refundAddress: refundProblem });

  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    const wallet = user.wallet;
    await enforceDailyCap(tx, { purpose: 'jelly-reserve', wallet, max: ctx.config.maxOrdersPerDay, now }, async (since) => {
      const [reserved] = await tx.select({ n: count() }).from(jellyOrders).where(and(eq(jellyOrders.userWallet, wallet), gte(jellyOrders.createdAt, since)));
      return reserved?.n ?? 0;
    }, JELLY_DAILY_CAP);
    const [row] = await tx
      .insert(jellyOrders)
      .values({
        userWallet: user.wallet,
        sendCoin: quote.send.currency,
        sendChain: quote.send.chain,
        receiveCoin: quote.receive.currency,
        receiveChain: quote.receive.chain,
        // The address needs the id: a unique placeholder until the update below, in the same transaction.
        depositAddress: `pending:${randomUUID()}`,
        recipientAddress: input.recipientAddress,
        refundAddress,
        amountSend: quote.amountSend.toString(),
        amountReceive: quote.amountReceive.toString(),
        rate: quote.rate,
        stage: 'awaiting_deposit',
        expireAt: new Date(now.getTime() + COIN_JELLY_RATE_LOCK_MINUTES * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: jellyOrders.id });
    if (!row) throw new Error('reserve: insert returned no row');
    const address = depositAddress(ctx.config.seed, row.id, quote.send.chain, ctx.config.bitcoinNetwork);
    await tx.update(jellyOrders).set({ depositAddress: address }).where(eq(jellyOrders.id, row.id));
    await addJellyEvent(tx, row.id, 'awaiting_deposit', { kind: 'reserved', actor: 'user', amount: quote.amountSend, coin: quote.send.currency }, now);
    return row.id;
  });
  const order = await findJellyOrder(ctx.db, id);
  if (!order) throw new Error('reserve: order vanished');
  return jellyOrderWire(ctx.coins, order, await jellyTimeline(ctx.db, id));
}
