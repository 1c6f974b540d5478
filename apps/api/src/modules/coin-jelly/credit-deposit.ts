import type { JellyChoiceKind, JellyCoin, JellyPendingChoice } from '@jelly/contracts';
import { fromBaseUnits, JELLY_STAGES_TAKING_DEPOSITS, jellyRateMovedAgainstDesk } from '@jelly/domain';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { jellyDeposits, jellyOrders } from '../../db/schema/index.ts';
import { txAlreadyRecorded, txClaimHolder, txHolderName } from '../../db/tx-claims.ts';
import { conflict } from '../../errors.ts';
import { jellyCoin } from './coins.ts';
import type { JellyContext } from './context.ts';
import { addJellyEvent, moveJelly, type JellyOrderRow } from './jelly-writes.ts';
import { notifyJelly } from './notify-jelly.ts';
import { jellyOutNow, quoteJelly } from './quote.ts';

export interface DepositFact {
  signature: string;
  slot: number | null;
  /** Base units of the send coin that reached the deposit address in this transaction. */
  amount: bigint;
  /** When the deposit landed (the chain's block time, or now). */
  at: Date;
}

/** Stages in which a deposit belongs to the order (the state table's); at any other it waits in the admin queue. */
const TAKES_DEPOSITS: ReadonlySet<string> = new Set(JELLY_STAGES_TAKING_DEPOSITS);

export type CreditOutcome = 'duplicate' | 'exact' | 'needs_choice' | 'needs_admin' | 'unattributed';

/**
 * What to do with a deposit whose transaction another record already holds (one transaction, one record): 'refuse'
 * answers 409 and records nothing (an admin typing a txID); 'hold' keeps it, credited to nothing, in the admin queue
 * (the watcher: funds did reach this address, e.g. one transaction paid two deposit addresses).
 */
export type WhenTaken = 'refuse' | 'hold';

/** What exchanging `received` would pay now, for the question put to the user. */
async function choiceFor(ctx: JellyContext, order: JellyOrderRow, kind: JellyChoiceKind, received: bigint): Promise<JellyPendingChoice> {
  const send = jellyCoin(ctx.coins, order.sendCoin, order.sendChain)!;
  const base = { kind, received: fromBaseUnits(received, send.decimals), refundAddress: order.refundAddress };
  try {
    const quote = await quoteJelly(ctx, {
      sendCoin: order.sendCoin,
      sendChain: order.sendChain,
      receiveCoin: order.receiveCoin,
      receiveChain: order.receiveChain,
      amountUserSend: fromBaseUnits(received, send.decimals),
    });
    return { ...base, exchangeAmount: quote.wire.amountUserWannaGet, rate: quote.rate };
  } catch {
    // The desk cannot quote this amount now (below the minimum, no price): only the refund is open.
    return { ...base, exchangeAmount: '0', rate: '0' };
  }
}

/**
 * An exact deposit in time is paid at the fixed rate unless the market moved against the desk beyond the band since
 * the rate was fixed (compared now, at detection: packages/domain coin-jelly-rate-band.ts); then the timeline's note,
 * else null. Without a current price the fixed rate stands: no move can be seen, and the user paid exactly and in time.
 */
async function rateMovedNote(ctx: JellyContext, order: JellyOrderRow, send: JellyCoin, receive: JellyCoin): Promise<string | null> {
  const fixedOut = BigInt(order.amountReceive);
  const currentOut = await jellyOutNow(ctx, send, receive, BigInt(order.amountSend));
  if (currentOut === null || !jellyRateMovedAgainstDesk(fixedOut, currentOut, ctx.config.priceBandBps)) return null;
  const coin = (units: bigint) => `${fromBaseUnits(units, receive.decimals)} ${receive.currency}`;
  return `rate moved beyond the ${ctx.config.priceBandBps} bps band: ${coin(fixedOut)} fixed, ${coin(currentOut)} now`;
}

/**
 * Credits one deposit transaction to its order, once per signature (the watcher and the poller may both report
 * it), and moves the order: the quoted amount within the rate's lifetime goes on to the payout; less, more, late,
 * or after the market moved against the fixed rate beyond the band asks the user; a deposit to an order past taking
 * deposits, or whose transaction another order or swap already holds, waits for an admin.
 */
export async function creditDeposit(ctx: JellyContext, orderId: number, fact: DepositFact, whenTaken: WhenTaken = 'hold'): Promise<CreditOutcome> {
  const now = ctx.now();
  if (fact.amount <= 0n) return 'duplicate';
  // One credit at a time per order: the row lock makes a second deposit read the first one's total.
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(jellyOrders).where(eq(jellyOrders.id, orderId)).for('update');
    if (!order) return 'duplicate';
    const send = jellyCoin(ctx.coins, order.sendCoin, order.sendChain);
    if (!send) return 'duplicate';
    const takes = TAKES_DEPOSITS.has(order.stage);
    const total = BigInt(order.received) + fact.amount;
    const late = order.stage === 'expired' || fact.at.getTime() > order.expireAt.getTime();
    const receive = jellyCoin(ctx.coins, order.receiveCoin, order.receiveChain);
    const automatic = send.automatic && (receive?.automatic ?? false);
    const exactly = BigInt(order.amountSend);
    const wrong: JellyChoiceKind | null = late ? 'late' : total < exactly ? 'under' : total > exactly ? 'over' : null;
    const movedNote = takes && !wrong && receive ? await rateMovedNote(ctx, order, send, receive) : null;
    const kind: JellyChoiceKind | null = wrong ?? (movedNote ? 'rate_moved' : null);
    const choice = takes && kind ? await choiceFor(ctx, order, kind, total) : null;

    const deposit = { signature: fact.signature, orderId, amount: fact.amount.toString(), slot: fact.slot, createdAt: now };
    const insert = (db: Queryable, attributed: boolean) =>
      db.insert(jellyDeposits).values({ ...deposit, attributed }).onConflictDoNothing().returning({ signature: jellyDeposits.signature });
    // A credited deposit claims its transaction (the database's claim trigger refuses one another record holds). In a
    // savepoint, so that a refused claim leaves this transaction free to keep the deposit for an admin instead.
    let holder: string | null = null;
    let inserted = false;
    if (takes) {
      try {
        inserted = (await tx.transaction((savepoint) => insert(savepoint, true))).length > 0;
      } catch (error) {
        holder = txClaimHolder(error);
        if (holder === null) throw error;
        if (whenTaken === 'refuse') throw conflict(txAlreadyRecorded(holder));
      }
    }
    if (!takes || holder !== null) inserted = (await insert(tx, false)).length > 0;
    if (!inserted) return 'duplicate';
    const evidence = { signature: fact.signature, slot: fact.slot, amount: fact.amount, coin: send.currency, actor: 'chain' as const };
    if (!takes || holder !== null) {
      const note = holder === null ? 'Waiting for an admin' : `Already recorded as ${txHolderName(holder)}; waiting for an admin`;
      await addJellyEvent(tx, orderId, order.stage, { ...evidence, kind: 'unexpected_deposit', note }, now);
      return 'unattributed';
    }
    await tx.update(jellyOrders).set({ received: sql`${jellyOrders.received} + ${fact.amount.toString()}` }).where(eq(jellyOrders.id, orderId));
    let moved: JellyOrderRow | null;
    let outcome: CreditOutcome;
    if (choice) {
      const move = order.stage === 'expired' ? 'late_deposit' : 'deposit_needs_choice';
      moved = await moveJelly(tx, orderId, move, { event: { ...evidence, kind: 'deposit', note: movedNote ?? `${choice.kind} payment` }, set: { pendingChoice: choice, reason: null } }, now);
      outcome = 'needs_choice';
    } else if (automatic) {
      moved = await moveJelly(tx, orderId, 'deposit_exact', { event: { ...evidence, kind: 'deposit' }, set: { pendingChoice: null } }, now);
      outcome = 'exact';
    } else {
      moved = await moveJelly(tx, orderId, 'deposit_needs_admin', { event: { ...evidence, kind: 'deposit' }, set: { adminSince: now, pendingChoice: null } }, now);
      outcome = 'needs_admin';
    }
    if (!moved) throw new Error(`creditDeposit: order ${orderId} left stage ${order.stage} meanwhile`);
    await notifyJelly(tx, moved, 'jelly_deposit_detected', now);
    if (outcome === 'needs_choice') await notifyJelly(tx, moved, 'jelly_choice_needed', now);
    return outcome;
  });
}
