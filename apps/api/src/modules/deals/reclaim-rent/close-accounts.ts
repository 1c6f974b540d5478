import {
  cancelOrderInstruction,
  closeOrderInstruction,
  closeTicketInstruction,
  decodeFillTicket,
  decodeUniversalOrder,
  findOrderPda,
  findTicketPda,
  findVaultPda,
} from '@jelly/escrow';
import { OrderStatus, TX_CONFIRM_TIMEOUT } from '@jelly/domain';
import { TransactionMessage, VersionedTransaction, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { and, asc, eq } from 'drizzle-orm';
import type { Chain } from '../../../chain/chain.ts';
import type { Database } from '../../../db/connect.ts';
import { dealTransactions, orders } from '../../../db/schema/index.ts';
import { readEscrowConfig } from '../chain/escrow-config.ts';
import { authorizePlatformSend, finishPlatformSend, type GateContext } from '../../../chain/gate/index.ts';
import { failpoint } from '../../../lib/failpoint.ts';
import { BLOCKHASH_EXPIRED_MESSAGE, landTransaction } from '../../../chain/transactions/index.ts';
import { AppError } from '../../../errors.ts';
import { releaseAdminSpend } from '../../../chain/gate/index.ts';
import { openDealsOfOffer, type ReclaimRow } from './queue.ts';

/** What working one row came to: closed (rent back), nothing to close, or not closable yet. */
export type ReclaimOutcome =
  | { kind: 'closed'; lamports: bigint; signature: string; accounts: string[] }
  | { kind: 'nothing'; reason: string }
  | { kind: 'wait'; reason: string; retry: boolean };

async function lamportsOf(chain: Chain, address: PublicKey): Promise<bigint> {
  const account = await chain.connection.getAccountInfo(address, 'confirmed');
  return BigInt(account?.lamports ?? 0);
}

/** What a close needs: the gate's context, and whom the row says to credit the rent back to. */
export interface CloseContext extends GateContext {
  confirmTimeoutMs?: number | undefined;
}

/**
 * Builds one transaction of the admin's own instructions and sends it through the platform gate, which credits the
 * rent that comes back to the wallet and IP whose lock made the admin pay it (a close is never held by a budget).
 */
async function sendAsAdmin(ctx: CloseContext, row: ReclaimRow, instructions: TransactionInstruction[]): Promise<string> {
  const { chain } = ctx;
  const { blockhash, lastValidBlockHeight } = await chain.connection.getLatestBlockhash('confirmed');
  const message = new TransactionMessage({ payerKey: chain.admin.publicKey, recentBlockhash: blockhash, instructions }).compileToLegacyMessage();
  const kind = `close_${row.kind}`;
  const authorized = await authorizePlatformSend(ctx, {
    tx: new VersionedTransaction(message),
    signers: [chain.admin],
    kind,
    orderId: row.orderId,
    ownerRef: String(row.id),
    lastValidBlockHeight: BigInt(lastValidBlockHeight),
    chargeTo: { wallet: row.wallet ?? (await lockerOf(ctx.db, row)), ip: row.ip },
    budgets: 'platform',
    platformOwners: [(await readEscrowConfig(chain)).treasury],
  });
  const { signature } = authorized;
  const landing = await landTransaction(chain, authorized.raw, {
    signature,
    recentBlockhash: blockhash,
    timeoutMs: ctx.confirmTimeoutMs,
    onSent: () => failpoint(kind, 'after-send'),
  });
  if (landing.state === 'confirmed') {
    failpoint(kind, 'after-confirm');
    return signature;
  }
  // no answer in time, or failed on chain: the send stays pending for the send recovery, which learns its fate
  if (landing.state === 'unknown') throw new AppError('CHAIN_TIMEOUT', TX_CONFIRM_TIMEOUT, { signature });
  if (landing.state === 'failed') throw landing.error;
  // refused or expired: nothing landed, the row is worked again on the next run with a fresh transaction, and the
  // send recovery must not send these bytes
  await releaseAdminSpend(ctx.db, signature);
  await finishPlatformSend(ctx.db, signature, landing.state === 'expired' ? 'expired' : 'dropped', ctx.now());
  throw landing.state === 'expired' ? new AppError('TRANSACTION_FAILED', BLOCKHASH_EXPIRED_MESSAGE) : landing.error;
}

/** Rows queued before the gate recorded whom to credit: a ticket's rent goes back to the wallet that locked it. */
async function lockerOf(db: Database, row: ReclaimRow): Promise<string | null> {
  if (row.kind !== 'ticket') return null;
  const [lock] = await db
    .select({ submittedBy: dealTransactions.submittedBy })
    .from(dealTransactions)
    .where(and(eq(dealTransactions.orderId, row.orderId), eq(dealTransactions.kind, 'lock')))
    .orderBy(asc(dealTransactions.createdAt))
    .limit(1);
  return lock && !lock.submittedBy.startsWith('server:') ? lock.submittedBy : null;
}

/**
 * A finished deal's FillTicket: gone already → nothing to do; still Locked (a lock that landed after the deal ended,
 * waiting for its refund) → later; funded by someone else → not ours; otherwise close_ticket, rent to the admin.
 */
async function closeTicket(ctx: CloseContext, row: ReclaimRow): Promise<ReclaimOutcome> {
  const { db, chain } = ctx;
  const dealId = row.orderId;
  const [deal] = await db.select({ offerId: orders.parentOrderId }).from(orders).where(eq(orders.orderId, dealId));
  if (!deal?.offerId) return { kind: 'nothing', reason: 'not a deal' };
  const [order] = findOrderPda(BigInt(deal.offerId), chain.programId);
  const [ticketAddress] = findTicketPda(order, BigInt(dealId), chain.programId);
  const account = await chain.connection.getAccountInfo(ticketAddress, 'confirmed');
  if (!account || !account.owner.equals(chain.programId)) return { kind: 'nothing', reason: 'no ticket on chain' };
  const ticket = decodeFillTicket(account.data);
  if (ticket.status === 'Locked') return { kind: 'wait', reason: 'the ticket still holds tokens (refund pending)', retry: true };
  if (!ticket.rentPayer.equals(chain.admin.publicKey)) return { kind: 'nothing', reason: 'rent paid by another key' };
  const lamports = BigInt(account.lamports);
  const signature = await sendAsAdmin(ctx, row, [
    closeTicketInstruction({ admin: chain.admin.publicKey, orderId: BigInt(deal.offerId), ticketId: BigInt(dealId), programId: chain.programId }),
  ]);
  return { kind: 'closed', lamports, signature, accounts: [ticketAddress.toBase58()] };
}

/**
 * An offer's UniversalOrder and vault, once the offer is finished: on chain cancelled or completely filled, or
 * cancelled in the database with no deal open there (then the admin cancels it on chain as the order's authority
 * first). Never while a ticket is open.
 */
async function closeOrder(ctx: CloseContext, row: ReclaimRow): Promise<ReclaimOutcome> {
  const { db, chain } = ctx;
  const offerId = row.orderId;
  const [orderAddress] = findOrderPda(BigInt(offerId), chain.programId);
  const account = await chain.connection.getAccountInfo(orderAddress, 'confirmed');
  if (!account || !account.owner.equals(chain.programId)) return { kind: 'nothing', reason: 'no order on chain' };
  const order = decodeUniversalOrder(account.data);
  if (!order.rentPayer.equals(chain.admin.publicKey)) return { kind: 'nothing', reason: 'rent paid by another key' };
  // re-armed when the deal holding the ticket ends (or by the sweep), so no retry is scheduled
  if (order.openTickets !== 0 || order.reservedAmount !== 0n) return { kind: 'wait', reason: 'tickets are open on the order', retry: false };
  const filled = order.filledAmount === order.cryptoAmount;
  const instructions: TransactionInstruction[] = [];
  if (order.status !== 'Cancelled' && !filled) {
    const [offer] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderId, offerId));
    if (offer?.status !== OrderStatus.Cancelled) return { kind: 'wait', reason: 'the offer is still open', retry: false };
    if ((await openDealsOfOffer(db, offerId)) > 0) return { kind: 'wait', reason: 'deals are still open on the offer', retry: false };
    instructions.push(cancelOrderInstruction({ admin: chain.admin.publicKey, authority: chain.admin.publicKey, orderId: BigInt(offerId), programId: chain.programId }));
  }
  const escrow = await readEscrowConfig(chain);
  const [vault] = findVaultPda(orderAddress, chain.programId);
  const lamports = BigInt(account.lamports) + (await lamportsOf(chain, vault));
  instructions.push(
    closeOrderInstruction({ admin: chain.admin.publicKey, orderId: BigInt(offerId), mint: order.cryptoMint, treasury: escrow.treasury, programId: chain.programId }),
  );
  const signature = await sendAsAdmin(ctx, row, instructions);
  return { kind: 'closed', lamports, signature, accounts: [orderAddress.toBase58(), vault.toBase58()] };
}

/** Works one claimed row. Throws on chain or RPC failures (the caller retries with backoff). */
export function reclaimAccount(ctx: CloseContext, row: ReclaimRow): Promise<ReclaimOutcome> {
  return row.kind === 'ticket' ? closeTicket(ctx, row) : closeOrder(ctx, row);
}
