// The deal flows the benchmark measures: the same paths as the happy-path tests, several sizes and sides.
import type { Keypair } from '@solana/web3.js';
import { Escrow, type Deal } from '../test/helpers/escrow.ts';
import type { TxResult } from '../test/helpers/chain.ts';
import { escapeOrder, escapeTicket, partiesResolve, setEscapeAfter } from '../test/helpers/escape.ts';
import { DEFAULT_ESCAPE_AFTER_SECONDS, MIN_ESCAPE_AFTER_SECONDS } from '../src/client/index.ts';

export type Measure = (instruction: string, computeUnits: bigint) => void;

function must(result: TxResult, what: string): void {
  if (!result.ok) throw new Error(`${what} failed: ${result.error}\n${result.logs.join('\n')}`);
}

function lock(escrow: Escrow, deal: Deal, measure: Measure): void {
  const isNew = escrow.chain.account(escrow.orderPda(deal.orderId)) === null;
  const result = escrow.lock(deal);
  must(result, 'lock');
  measure(isNew ? 'accept_offer_and_lock (creates order, vault, ticket)' : 'accept_offer_and_lock (existing order)', result.computeUnits);
}

function sign(escrow: Escrow, deal: Deal, signer: Keypair, measure: Measure, settles: boolean): void {
  const result = escrow.sign(deal, signer);
  must(result, 'sign');
  measure(settles ? 'sign_universal_ticket (settling, second)' : 'sign_universal_ticket (first)', result.computeUnits);
}

/** Sell and Buy offers filled by several deals: locks, both signing orders, cancels, both resolutions, closes. */
export function runScenarios(measure: Measure): void {
  for (const [index, amounts] of [[1_000_000n], [5n, 123_456_789n, 40_000_000n], [999_999_999n, 1n]].entries()) {
    for (const isSell of [true, false]) {
      const escrow = new Escrow({ feeBps: 25, cooldownSeconds: 0 });
      const total = amounts.reduce((a, b) => a + b, 0n) * 3n;
      const creator = escrow.trader(total);
      const orderId = BigInt(100 + index);
      let ticketId = 1n;
      const deal = (amount: bigint): Deal => {
        const counterparty = escrow.trader(total);
        return isSell
          ? escrow.sellDeal({ orderId, ticketId: ticketId++, seller: creator, buyer: counterparty, amount, offerAmount: total })
          : escrow.buyDeal({ orderId, ticketId: ticketId++, buyer: creator, seller: counterparty, amount, offerAmount: total });
      };

      for (const [i, amount] of amounts.entries()) {
        // settled by two signatures, in both orders
        const settled = deal(amount);
        lock(escrow, settled, measure);
        const [first, second] = i % 2 === 0 ? [settled.fiatGuy, settled.cryptoGuy] : [settled.cryptoGuy, settled.fiatGuy];
        sign(escrow, settled, first, measure, false);
        sign(escrow, settled, second, measure, true);

        // cancelled by the fiat side before paying
        const cancelled = deal(amount);
        lock(escrow, cancelled, measure);
        const cancel = escrow.cancel(cancelled);
        must(cancel, 'cancel');
        measure('cancel_universal_ticket', cancel.computeUnits);

        // disputed and resolved by the admin, alternately released and refunded
        const disputed = deal(amount);
        lock(escrow, disputed, measure);
        sign(escrow, disputed, disputed.fiatGuy, measure, false);
        const resolve = escrow.resolve(disputed, i % 2 === 0);
        must(resolve, 'resolve');
        measure(i % 2 === 0 ? 'admin_resolve_universal_ticket (release)' : 'admin_resolve_universal_ticket (refund)', resolve.computeUnits);
        const refund = deal(amount);
        lock(escrow, refund, measure);
        const refunded = escrow.resolve(refund, i % 2 !== 0);
        must(refunded, 'resolve');
        measure(i % 2 !== 0 ? 'admin_resolve_universal_ticket (release)' : 'admin_resolve_universal_ticket (refund)', refunded.computeUnits);

        // both signatures recorded first, settled afterwards
        const deferred = deal(amount);
        lock(escrow, deferred, measure);
        must(escrow.sign(deferred, deferred.fiatGuy, false), 'sign');
        must(escrow.sign(deferred, deferred.cryptoGuy, false), 'sign');
        const settle = escrow.settle(deferred);
        must(settle, 'settle');
        measure('settle_universal_ticket', settle.computeUnits);
        for (const d of [settled, cancelled, disputed, refund, deferred]) {
          const closed = escrow.closeTicket(orderId, d.ticketId);
          must(closed, 'close_ticket');
          measure('close_ticket', closed.computeUnits);
        }
      }
      const cancelOrder = escrow.cancelOrder(orderId, creator);
      must(cancelOrder, 'cancel_order');
      measure('cancel_order', cancelOrder.computeUnits);
      const close = escrow.closeOrder(orderId);
      must(close, 'close_order');
      measure('close_order', close.computeUnits);
    }
  }
  const fresh = new Escrow({ initialize: false });
  const init = fresh.initializeConfig();
  must(init, 'initialize_config');
  measure('initialize_config', init.computeUnits);
  const setter = setEscapeAfter(fresh, fresh.admin, MIN_ESCAPE_AFTER_SECONDS);
  must(setter, 'set_escape_after');
  measure('set_escape_after', setter.computeUnits);
  runEscapeScenarios(measure);
}

/** The ways out without the admin, on both offer sides: both parties, each lone escape, the idle offer. */
function runEscapeScenarios(measure: Measure): void {
  const deadline = BigInt(DEFAULT_ESCAPE_AFTER_SECONDS);
  for (const [index, amount] of [1n, 1_000_000n, 999_999_999n].entries()) {
    for (const isSell of [true, false]) {
      const escrow = new Escrow({ feeBps: 25, cooldownSeconds: 0 });
      const total = amount * 4n;
      const creator = escrow.trader(total);
      const orderId = BigInt(200 + index);
      let ticketId = 1n;
      const deal = (): Deal => {
        const counterparty = escrow.trader(total);
        return isSell
          ? escrow.sellDeal({ orderId, ticketId: ticketId++, seller: creator, buyer: counterparty, amount, offerAmount: total })
          : escrow.buyDeal({ orderId, ticketId: ticketId++, buyer: creator, seller: counterparty, amount, offerAmount: total });
      };
      const [released, refunded, abandoned, agreed] = [deal(), deal(), deal(), deal()];
      for (const d of [released, refunded, abandoned, agreed]) lock(escrow, d, measure);
      for (const [d, release] of [[released, true], [refunded, false]] as const) {
        const result = partiesResolve(escrow, d, release);
        must(result, 'parties_resolve_ticket');
        measure(`parties_resolve_ticket (${release ? 'release' : 'refund'})`, result.computeUnits);
      }
      must(escrow.sign(agreed, agreed.cryptoGuy, false), 'sign');
      escrow.chain.advance(deadline);
      for (const [d, party, what] of [[abandoned, abandoned.cryptoGuy, 'refund'], [agreed, agreed.fiatGuy, 'payout']] as const) {
        const result = escapeTicket(escrow, d, party);
        must(result, 'escape_ticket');
        measure(`escape_ticket (${what})`, result.computeUnits);
      }
      escrow.chain.advance(deadline);
      const closed = escapeOrder(escrow, orderId, creator);
      must(closed, 'escape_order');
      measure('escape_order', closed.computeUnits);
    }
  }
}
