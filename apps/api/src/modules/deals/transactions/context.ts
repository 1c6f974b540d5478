import type { DealActionKind } from '@jelly/contracts';
import { type OrderStatus } from '@jelly/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from '../../../chain/chain.ts';
import type { FeePayerConfig } from '../../../chain/gate/index.ts';
import { CONFIRM_TIMEOUT_MS } from '../../../chain/transactions/index.ts';
import type { Database } from '../../../db/connect.ts';
import type { DealTransactionAudit } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import type { DealRecord } from '../deal-record.ts';
import type { SyncOptions } from '../sync-deal-from-chain.ts';

/*
 * A deal's escrow transaction goes through three steps, one file each: reserve (the deal's one in-flight slot, or
 * the recorded answer when these bytes were seen before), land (authorise through the gate, send, wait for the
 * chain) and record (move the deal from what the chain shows, settle the row, the audit and what the admin paid).
 * This file holds what the three share.
 */

export const DEAL_BUSY = 'Another transaction for this deal is being processed. Try again in a moment.';
/** The deal's one in-flight slot is taken (another request, replica or job is doing this deal's work). */
export const dealBusy = () => new AppError('CONFLICT', DEAL_BUSY, { reason: 'deal_busy' });
/** Whether an error says another process holds the deal's slot: the work is being done elsewhere, not refused. */
export const isDealBusy = (error: unknown): boolean => error instanceof AppError && error.details?.reason === 'deal_busy';
export const NEVER_LANDED = 'The transaction expired before it reached the chain. Build it again and retry.';
/** The submitter of transactions the payment-window job builds (its refunds mean Expired). */
export const PAYMENT_WINDOW_ACTOR = 'server:payment-window';

/** A pending row older than this has lost its request (a crash, a timed-out confirmation): check the chain. */
export const STALE_PENDING_MS = CONFIRM_TIMEOUT_MS + 15_000;

export interface DealTxContext {
  db: Database;
  chain: Chain;
  now: () => Date;
  confirmTimeoutMs?: number;
  /** Budgets of what the admin pays (defaults when absent). */
  feePayer?: FeePayerConfig | undefined;
  /** The client IP of the request (what the admin pays is charged to it too). */
  ip?: string | undefined;
  log?: FastifyBaseLogger | undefined;
}

export interface SubmittedDealTransaction {
  deal: DealRecord;
  kind: DealActionKind;
  submittedBy: string;
  syncOptions?: SyncOptions;
  /** A resolution the server sends: the audit row written, exactly once, where its landing is recorded. */
  audit?: DealTransactionAudit;
}

export interface DealTxResult {
  signature: string;
  orderId: number;
  status: OrderStatus;
  kind: DealActionKind;
  alreadyProcessed: boolean;
}

