/**
 * The platform's SOL (the admin, the swap desk and every Coin Jelly deposit key) against what it may spend: the network
 * fees of the transactions its keys paid for, the rent of accounts it funded and queued for closing, and the SOL legs
 * of trades (from their records). Balances are read only to be checked against those.
 */
import { findOrderPda, findTicketPda, findVaultPda } from '@jelly/escrow';
import { PublicKey } from '@solana/web3.js';
import { inArray, ne } from 'drizzle-orm';
import { orders, rentReclaims } from '../../src/db/schema/index.ts';
import type { ChainTestApp } from '../helpers/test-chain.ts';
import { depositAddresses, depositRentClosed, netOf, solLegs, type SolLeg } from './trade-records.ts';

/** Who paid a transaction's fee (its first account key) and how much (meta.fee: base + priority). */
interface PaidFee {
  payer: string;
  fee: bigint;
}

/** Reads each transaction once; answers who paid the fees of the transactions that mention an address. */
export class FeeBook {
  private readonly transactions = new Map<string, PaidFee>();

  constructor(private readonly t: ChainTestApp) {}

  private async signaturesOf(address: PublicKey): Promise<string[]> {
    const all: string[] = [];
    for (;;) {
      const before = all.at(-1);
      const page = await this.t.chain.connection.getSignaturesForAddress(address, { limit: 1000, ...(before ? { before } : {}) }, 'confirmed');
      all.push(...page.map((entry) => entry.signature));
      if (page.length < 1000) return all;
    }
  }

  private async read(signature: string): Promise<PaidFee> {
    const known = this.transactions.get(signature);
    if (known) return known;
    const tx = await this.t.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    const payer = tx?.transaction.message.staticAccountKeys[0];
    if (!tx?.meta || !payer) throw new Error(`transaction ${signature} not found`);
    const paid = { payer: payer.toBase58(), fee: BigInt(tx.meta.fee) };
    this.transactions.set(signature, paid);
    return paid;
  }

  /** The transactions (landed or failed) whose fee one of `payers` paid: signature → payer and fee. */
  async paidBy(payers: readonly string[]): Promise<Map<string, PaidFee>> {
    const wanted = new Set(payers);
    const paid = new Map<string, PaidFee>();
    for (const address of wanted) {
      for (const signature of await this.signaturesOf(new PublicKey(address))) {
        const fee = await this.read(signature);
        if (wanted.has(fee.payer)) paid.set(signature, fee);
      }
    }
    return paid;
  }
}

/**
 * Rent held in accounts the admin funded that are still open and queued for reclamation (rent_reclaims rows not
 * done): a deal's ticket, an offer's order and vault. The gate queues each one in the transaction that charges it.
 */
export async function heldRent(t: ChainTestApp): Promise<bigint> {
  const programId = t.chain.programId;
  const rows = await t.app.db.select().from(rentReclaims).where(ne(rentReclaims.state, 'done'));
  const deals = rows.filter((row) => row.kind === 'ticket').map((row) => row.orderId);
  const offerOf = new Map(
    deals.length === 0
      ? []
      : (await t.app.db.select({ id: orders.orderId, offer: orders.parentOrderId }).from(orders).where(inArray(orders.orderId, deals))).map((d) => [d.id, d.offer]),
  );
  const accounts: PublicKey[] = [];
  for (const row of rows) {
    if (row.kind === 'order') {
      const [order] = findOrderPda(BigInt(row.orderId), programId);
      accounts.push(order, findVaultPda(order, programId)[0]);
    } else {
      const offerId = offerOf.get(row.orderId);
      if (offerId === null || offerId === undefined) continue;
      accounts.push(findTicketPda(findOrderPda(BigInt(offerId), programId)[0], BigInt(row.orderId), programId)[0]);
    }
  }
  return (await lamportsOf(t, accounts)).reduce((sum, lamports) => sum + lamports, 0n);
}

async function lamportsOf(t: ChainTestApp, keys: readonly PublicKey[]): Promise<bigint[]> {
  if (keys.length === 0) return [];
  const accounts = await t.chain.connection.getMultipleAccountsInfo([...keys], 'confirmed');
  return accounts.map((account) => BigInt(account?.lamports ?? 0));
}

/** Everything the ledger reads at one moment. */
export interface LedgerMark {
  /** Lamports of each platform key (a deposit key not yet known counts 0: its address is fresh). */
  balances: Map<string, bigint>;
  /** Transactions paid by platform keys so far. */
  paid: Map<string, PaidFee>;
  legs: SolLeg[];
  held: bigint;
  /** Deposit-account rent closes sent to a platform key, and back to whoever opened the account. */
  kept: bigint;
  returned: bigint;
}

/** What one flow cost the platform, beside what it may spend. */
export interface FlowFigures {
  flow: string;
  /** Σ over the platform keys of SOL lost, plus what they received on purpose minus what they sent on purpose. */
  cost: bigint;
  /** Network and priority fees of the transactions the platform's keys paid for. */
  fees: bigint;
  transactions: number;
  /** Change of the rent held in open accounts queued for reclamation. */
  held: bigint;
  /** Rent of deposit token accounts that closes sent to a platform key (only right when the platform opened them). */
  kept: bigint;
  /** Rent of deposit token accounts (opened by senders) that closes sent back to whoever opened them. */
  returned: bigint;
}

export class PlatformLedger {
  readonly fees: FeeBook;

  constructor(
    private readonly t: ChainTestApp,
    readonly desk: PublicKey,
  ) {
    this.fees = new FeeBook(t);
  }

  async keys(): Promise<string[]> {
    return [this.t.chain.admin.publicKey.toBase58(), this.desk.toBase58(), ...(await depositAddresses(this.t))];
  }

  async mark(): Promise<LedgerMark> {
    const keys = await this.keys();
    const lamports = await lamportsOf(this.t, keys.map((key) => new PublicKey(key)));
    const closed = await depositRentClosed(this.t, keys);
    return {
      balances: new Map(keys.map((key, i) => [key, lamports[i] ?? 0n])),
      paid: await this.fees.paidBy(keys),
      legs: await solLegs(this.t, this.desk),
      held: await heldRent(this.t),
      kept: closed.kept,
      returned: closed.returned,
    };
  }

  /** The figures of what happened between two marks. */
  figures(flow: string, before: LedgerMark, after: LedgerMark): FlowFigures {
    let cost = 0n;
    for (const [key, lamports] of after.balances) {
      const onPurpose = netOf(after.legs, key) - netOf(before.legs, key);
      cost += (before.balances.get(key) ?? 0n) - lamports + onPurpose;
    }
    const fresh = [...after.paid].filter(([signature]) => !before.paid.has(signature));
    return {
      flow,
      cost,
      fees: fresh.reduce((sum, [, paid]) => sum + paid.fee, 0n),
      transactions: fresh.length,
      held: after.held - before.held,
      kept: after.kept - before.kept,
      returned: after.returned - before.returned,
    };
  }

  /**
   * Each platform key's SOL as the invariant says it must be: its start, minus the fees it paid, plus what trades
   * sent it on purpose, minus what it sent on purpose; for the admin also minus the rent it holds in open accounts
   * queued for reclamation and plus the deposit-account rent closes sent to it.
   */
  expectedBalances(start: LedgerMark, end: LedgerMark): Map<string, bigint> {
    const admin = this.t.chain.admin.publicKey.toBase58();
    const expected = new Map<string, bigint>();
    for (const key of end.balances.keys()) {
      let lamports = (start.balances.get(key) ?? 0n) + netOf(end.legs, key) - netOf(start.legs, key);
      for (const [signature, paid] of end.paid) if (paid.payer === key && !start.paid.has(signature)) lamports -= paid.fee;
      if (key === admin) lamports += -(end.held - start.held) + (end.kept - start.kept);
      expected.set(key, lamports);
    }
    return expected;
  }
}

