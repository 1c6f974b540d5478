// The invariant, proven over every money flow on a real localnet with fresh wallets:
// (a) each platform key's SOL (the admin, the swap desk, every Coin Jelly deposit key) is its start minus the network
//     fees of the transactions it paid for, minus the rent it holds in open accounts queued for reclamation,
//     plus/minus the SOL it received/sent on purpose in trades (counted from the trades' records), to the lamport;
//     the rent of a Coin Jelly deposit token account goes back to the sender that opened it, never to the platform;
// (b) no outside wallet ends with more SOL than it started with plus what the platform sent it on purpose (SOL
//     bought, or its own refunded), minus what it sent the platform and its own fees.
// Each flow's figures are printed (`cost` = the platform's net SOL cost, `fees` = what its keys paid the network,
// `kept` / `returned` = deposit-account rent closes sent to the platform / back to the sender that opened it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSpend } from '../../src/db/schema/index.ts';
import * as deals from './deal-flows.ts';
import { flow, startEconomy, type Economy } from './economy.ts';
import * as jelly from './jelly-flows.ts';
import type { FlowFigures } from './platform-ledger.ts';
import * as swaps from './swap-flows.ts';
import { openDepositAccounts } from './trade-records.ts';

let e: Economy;
beforeAll(async () => {
  e = await startEconomy();
});
afterAll(async () => {
  await e?.t.close();
});

type Flow = (e: Economy, name: string) => Promise<void>;

/**
 * A flow costs the platform exactly its network fees, keeps no deposit-account rent (its closes send it back to the
 * sender that opened the account), and leaves no rent of its own held: every account it funded is closed again.
 */
async function costsFeesOnly(name: string, body: Flow): Promise<FlowFigures> {
  const figures = await flow(e, name, () => body(e, name));
  expect({ flow: name, cost: figures.cost, held: figures.held, kept: figures.kept }).toEqual({ flow: name, cost: figures.fees, held: 0n, kept: 0n });
  return figures;
}

function printFigures(figures: readonly FlowFigures[]): void {
  const row = (cells: string[]) => `${cells[0]?.padEnd(56)}${cells.slice(1).map((c) => c.padStart(11)).join('')}\n`;
  let table = row(['flow (lamports)', 'cost', 'fees', 'held', 'kept', 'returned', 'txs']);
  for (const f of figures) table += row([f.flow, `${f.cost}`, `${f.fees}`, `${f.held}`, `${f.kept}`, `${f.returned}`, `${f.transactions}`]);
  process.stdout.write(`\nThe platform's net SOL cost per flow:\n${table}`);
}

describe("the platform's SOL over every money flow", () => {
  it('swaps cost the platform their network fee only', async () => {
    await costsFeesOnly('swap SOL→USDC into a new USDC account', swaps.solToUsdcNewAccount);
    await costsFeesOnly('swap USDT→SOL', swaps.usdtToSol);
  });

  it('Coin Jelly orders cost the platform their network fees only, in every ending', { timeout: 60_000 }, async () => {
    const completed = await costsFeesOnly('Coin Jelly USDC→SOL exact, to a fresh address', jelly.usdcToSolExact);
    await costsFeesOnly('Coin Jelly SOL→USDC exact', jelly.solToUsdcExact);
    await costsFeesOnly('Coin Jelly payout to a closed account (waits)', jelly.payoutToClosedAccount);
    const refunded = await costsFeesOnly('Coin Jelly USDC under → refund', jelly.usdcUnderThenRefund);
    await costsFeesOnly('Coin Jelly SOL over → exchange', jelly.solOverThenExchange);
    await costsFeesOnly('Coin Jelly SOL under → refund', jelly.solUnderThenRefund);
    await costsFeesOnly('Coin Jelly refund to a closed account (waits)', jelly.refundToClosedAccount);
    await costsFeesOnly('Coin Jelly expired unpaid', jelly.expiredUnpaid);
    await costsFeesOnly('Coin Jelly late → exchange', jelly.lateThenExchange);
    // the USDC deposits' accounts were closed and their rent went back to the senders
    expect([completed.returned, refunded.returned].every((rent) => rent > 0n)).toBe(true);
  });

  it('deals cost the platform their network fees only, in every ending, once their accounts are reclaimed', { timeout: 60_000 }, async () => {
    await costsFeesOnly('deal completed', deals.completedDeal);
    await costsFeesOnly('deal cancelled before the lock (database)', deals.cancelledBeforeLock);
    await costsFeesOnly('deal cancelled after the lock (on chain)', deals.cancelledAfterLock);
    await costsFeesOnly('deal expired from In Progress', deals.expiredInProgress);
    await costsFeesOnly('deal expired from Locked (payment-window refund)', deals.expiredLocked);
    await costsFeesOnly('deal resolved to the buyer (after it opened its account)', deals.resolvedToBuyer);
    await costsFeesOnly('deal resolved to the seller', deals.resolvedToSeller);
    await costsFeesOnly('deal refund to a seller who closed its account (waits)', deals.sellerClosedAccountBeforeRefund);
  });

  it('an offer still open keeps its escrow order: its rent is held, queued for when the offer ends', async () => {
    const name = 'deal cancelled after the lock, offer left open';
    const figures = await flow(e, name, () => deals.cancelledAfterLock(e, name, { withdraw: false }));
    expect(figures.held).toBeGreaterThan(0n);
    expect(figures.cost).toBe(figures.fees + figures.held);
  });

  it('(a) every platform key ends with exactly its start, less fees and held rent, plus trades', async () => {
    const end = await e.ledger.mark();
    printFigures(e.figures);
    expect(Object.fromEntries(end.balances)).toEqual(Object.fromEntries(e.ledger.expectedBalances(e.start, end)));
    // the flows account for everything that happened to the platform's SOL
    const whole = e.ledger.figures('all flows', e.start, end);
    const sum = (pick: (f: FlowFigures) => bigint) => e.figures.reduce((total, f) => total + pick(f), 0n);
    expect([whole.cost, whole.fees, whole.held, whole.kept, whole.returned]).toEqual([
      sum((f) => f.cost),
      sum((f) => f.fees),
      sum((f) => f.held),
      sum((f) => f.kept),
      sum((f) => f.returned),
    ]);
    expect(whole.held).toBeGreaterThan(0n); // the open offer's order and vault
    expect(whole.kept).toBe(0n); // no deposit account's rent stayed with the platform
    expect(whole.returned).toBeGreaterThan(0n); // the USDC deposit accounts closed by sweeps and refunds, rent to their senders
    expect(await openDepositAccounts(e.t)).toEqual([]);
  });

  it('every transaction a platform key paid for went through the gate, which charged its fee to someone', async () => {
    const end = await e.ledger.mark();
    const paid = [...end.paid].filter(([signature]) => !e.start.paid.has(signature));
    const charged = new Map((await e.t.app.db.select().from(adminSpend)).map((row) => [row.signature, row.feeLamports]));
    expect(paid.length).toBe(e.figures.reduce((total, f) => total + f.transactions, 0));
    const chargedFees = Object.fromEntries(paid.map(([signature]) => [signature, charged.get(signature)]));
    expect(chargedFees).toEqual(Object.fromEntries(paid.map(([signature, p]) => [signature, p.fee])));
    expect(charged.size).toBe(paid.length);
  });

  it('(b) no outside wallet ends with more SOL than it started with plus what it bought', async () => {
    const end = await e.ledger.mark();
    const outcomes = await e.wallets.outcomes(end.legs, e.ledger.fees);
    expect(outcomes).toHaveLength(e.wallets.size);
    const gained = outcomes.filter((o) => o.delta > o.onPurpose - o.ownFees);
    expect(gained).toEqual([]);
    // not vacuous: some wallets bought SOL, and the platform paid back every refund
    expect(outcomes.filter((o) => o.onPurpose > 0n && o.delta === o.onPurpose).length).toBeGreaterThan(0);
  });
});
