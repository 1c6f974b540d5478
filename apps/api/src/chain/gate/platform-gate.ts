import { VersionedTransaction, type PublicKey } from '@solana/web3.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Queryable } from '../../db/rows.ts';
import { AppError } from '../../errors.ts';
import { chargeAdminSpend, type FeePayerConfig } from './spend/index.ts';
import type { Chain } from '../chain.ts';
import type { PlatformKey } from '../keys/platform-key.ts';
import { rpcUnavailable, signatureOf } from '../transactions/index.ts';
import { failpoint } from '../../lib/failpoint.ts';
import { checkBudgets, type BudgetRule, type ChargeTo } from './check-budgets.ts';
import { keypairOf } from './key-vault.ts';
import { platformCost, type PlatformCost } from './platform-cost.ts';
import { checkNoLiveSend, insertPlatformSend } from './send-record.ts';
import { notifySends } from './send-observer.ts';
import { simulateCosts, type SimulationErrorMapper } from './simulate-costs.ts';
import { logEvent } from '../../lib/log-events.ts';

/** How many recent blockhashes a node keeps: an upper bound on any valid blockhash's remaining life, in blocks. */
const MAX_RECENT_BLOCKHASHES = 300n;

export interface GateContext {
  db: Database;
  chain: Chain;
  now: () => Date;
  feePayer?: FeePayerConfig | undefined;
  log?: FastifyBaseLogger | undefined;
}

/** An account the transaction opens at the platform's expense and the platform closes later. */
export interface Reclaimable {
  address: PublicKey;
  /** Queues its closing, in the database transaction that charges the send (with whom to credit the rent back). */
  queue: (db: Queryable, chargedTo: ChargeTo) => Promise<void>;
}

/** What the gate needs to judge and charge a send, besides the transaction and its platform signers. */
export interface SendTerms {
  /** What the ledger calls it (lock, swap, jelly_payout, close_ticket, …) and its deal, when it has one. */
  kind: string;
  orderId: number | null;
  chargeTo: ChargeTo;
  budgets: BudgetRule;
  /** Lamports a platform key sends on purpose: a SOL payout or swap leg the user paid for. */
  intended?: readonly { key: PlatformKey; lamports: bigint }[];
  reclaimable?: readonly Reclaimable[];
  /** The platform's own addresses (the treasury, the desk): accounts they hold keep their rent in the platform. */
  platformOwners?: readonly PublicKey[];
  /** The caller's own record of the send (its signature), written with the charge: a crash never loses a send. */
  record?: (db: Queryable, signature: string, raw: Uint8Array) => Promise<void>;
  /** How a failed simulation reads to the user (default: the chain's failure, the program's message). */
  simulationError?: SimulationErrorMapper;
  /** The owner's record the send belongs to (an order id), kept with the recorded send for its recovery. */
  ownerRef?: string | null;
  /**
   * The work sends once (a Coin Jelly payout, refund or sweep of one order): refused with SendAlreadyLive while
   * another send of this kind and ownerRef is pending or landed. What makes a stale claim safe to resume.
   */
  oneLive?: boolean;
  /** The blockhash's last valid block height, when the caller fetched it (else the gate bounds it from above). */
  lastValidBlockHeight?: bigint;
}

export interface AuthorizedSend {
  tx: VersionedTransaction;
  signature: string;
  raw: Uint8Array;
  cost: PlatformCost;
}

export interface PlatformSend extends SendTerms {
  tx: VersionedTransaction;
  /** The platform keys that sign it (the other signatures, a user's, are already in). */
  signers: readonly PlatformKey[];
}

export interface PreparedSend {
  /** The transaction's id once the platform keys sign it (deterministic: callers look earlier sends up by it). */
  signature: string;
  /** Runs the checks and the charge; the bytes to send, or the refusal. */
  authorize(terms: SendTerms): Promise<AuthorizedSend>;
}

/**
 * The one gate for the platform's keys: every transaction a platform key signs passes here. It signs, simulates,
 * and refuses unless what the platform's keys lose is the network fee (a bounded priority fee included), what they
 * send on purpose, and the rent of accounts the platform recovers; then, in one database transaction, it checks the
 * budgets, charges the cost to the wallet and IP that caused it, queues the accounts to reclaim and writes the
 * send itself (signature, signed bytes, last valid block height: chain/gate/send-record.ts, for the recovery of a
 * send whose process died) and the caller's record — all before a byte is sent. The caller sends the returned bytes with the transaction toolkit.
 * The signed transaction never leaves before that: prepare gives its id only (for idempotency look-ups).
 */
export function preparePlatformSend(ctx: GateContext, unsigned: VersionedTransaction, signers: readonly PlatformKey[]): PreparedSend {
  const required = unsigned.message.staticAccountKeys.slice(0, unsigned.message.header.numRequiredSignatures);
  for (const signer of signers) {
    if (!required.some((key) => key.equals(signer.publicKey))) throw new Error(`${signer.role} key is not a signer of this transaction`);
  }
  // a copy is signed: the caller's object never holds the platform's signatures
  const tx = VersionedTransaction.deserialize(unsigned.serialize());
  tx.sign(signers.map(keypairOf));
  const signature = signatureOf(tx);
  return { signature, authorize: (terms) => authorize(ctx, { ...terms, tx, signers }, signature) };
}

/** Prepares and authorises in one step (for callers with no earlier send to look up). */
export function authorizePlatformSend(ctx: GateContext, send: PlatformSend): Promise<AuthorizedSend> {
  const { tx, signers, ...terms } = send;
  return preparePlatformSend(ctx, tx, signers).authorize(terms);
}

async function authorize(ctx: GateContext, send: PlatformSend, signature: string): Promise<AuthorizedSend> {
  const { tx } = send;
  const costs = await simulateCosts(ctx.chain, tx, send.simulationError);
  const cost = platformCost(costs, {
    signers: send.signers,
    intended: new Map((send.intended ?? []).map((i) => [i.key.publicKey.toBase58(), i.lamports])),
    reclaimable: (send.reclaimable ?? []).map((r) => r.address),
    platformOwners: send.platformOwners ?? [],
    escrowProgram: ctx.chain.programId,
  });
  const raw = tx.serialize();
  if (cost instanceof AppError) {
    logEvent(ctx.log, 'gate.refused', { gate: { kind: send.kind, orderId: send.orderId, wallet: send.chargeTo.wallet } }, `platform gate refused: ${cost.message}`);
    throw cost;
  }
  const lastValidBlockHeight = send.lastValidBlockHeight ?? (await lastValidBound(ctx.chain));
  await ctx.db.transaction(async (db) => {
    if (send.oneLive && send.ownerRef) await checkNoLiveSend(db, send.kind, send.ownerRef);
    await checkBudgets(db, ctx.feePayer, send.chargeTo, send.budgets, cost.feeLamports + cost.rentLamports, ctx.now());
    await chargeAdminSpend(db, { signature, ...send.chargeTo, kind: send.kind, orderId: send.orderId, ...cost }, ctx.now());
    for (const reclaimable of send.reclaimable ?? []) await reclaimable.queue(db, send.chargeTo);
    const blockhash = tx.message.recentBlockhash;
    await insertPlatformSend(db, { signature, kind: send.kind, ownerRef: send.ownerRef ?? null, raw, blockhash, lastValidBlockHeight }, ctx.now());
    await send.record?.(db, signature, raw);
  });
  notifySends(ctx.db, (o) => o.recorded(send.kind, { signature, ownerRef: send.ownerRef ?? null }));
  failpoint(send.kind, 'after-sign');
  return { tx, signature, raw, cost };
}

/**
 * A blockhash that passed simulation just now was made at most at the newest block any node has, so it dies at most
 * MAX_RECENT_BLOCKHASHES blocks past the chain's processed height (a margin over the 150-block life for a node
 * ahead of ours): waiting that long before declaring a send expired is always safe, only slower.
 */
async function lastValidBound(chain: Chain): Promise<bigint> {
  try {
    return BigInt(await chain.connection.getBlockHeight('processed')) + MAX_RECENT_BLOCKHASHES;
  } catch (error) {
    throw rpcUnavailable(error);
  }
}
