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
import { OrderStatus } from '@jelly/domain';
import { TransactionMessage, VersionedTransaction, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import type { Chain } from '../../../chain/chain.ts';
import type { Database } from '../../../db/connect.ts';
import { orders } from '../../../db/schema/index.ts';
import { readEscrowConfig } from '../chain/escrow-config.ts';
import { confirmOrThrow, sendRaw, simulateOrThrow } from '../chain/submit-transaction.ts';
import { signatureOf } from '../deal-transactions.ts';
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

/** Builds, signs (admin only), simulates, sends and confirms one transaction of the admin's own instructions. */
async function sendAsAdmin(chain: Chain, instructions: TransactionInstruction[], confirmTimeoutMs?: number): Promise<string> {
  const { blockhash } = await chain.connection.getLatestBlockhash('confirmed');
  const message = new TransactionMessage({ payerKey: chain.admin.publicKey, recentBlockhash: blockhash, instructions }).compileToLegacyMessage();
  const tx = new VersionedTransaction(message);
  tx.sign([chain.admin]);
  await simulateOrThrow(chain, tx);
  await sendRaw(chain, tx.serialize());
  const signature = signatureOf(tx);
  await confirmOrThrow(chain, signature, confirmTimeoutMs);
  return signature;
}

/**
 * A finished deal's FillTicket: gone already → nothing to do; still Locked (a lock that landed after the deal ended,
 * waiting for its refund) → later; funded by someone else → not ours; otherwise close_ticket, rent to the admin.
 */
async function closeTicket(db: Database, chain: Chain, dealId: number, confirmTimeoutMs?: number): Promise<ReclaimOutcome> {
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
  const signature = await sendAsAdmin(
    chain,
    [closeTicketInstruction({ admin: chain.admin.publicKey, orderId: BigInt(deal.offerId), ticketId: BigInt(dealId), programId: chain.programId })],
    confirmTimeoutMs,
  );
  return { kind: 'closed', lamports, signature, accounts: [ticketAddress.toBase58()] };
}

/**
 * An offer's UniversalOrder and vault, once the offer is finished: on chain cancelled or completely filled, or
 * cancelled in the database with no deal open there (then the admin cancels it on chain as the order's authority
 * first). Never while a ticket is open.
 */
async function closeOrder(db: Database, chain: Chain, offerId: number, confirmTimeoutMs?: number): Promise<ReclaimOutcome> {
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
  const signature = await sendAsAdmin(chain, instructions, confirmTimeoutMs);
  return { kind: 'closed', lamports, signature, accounts: [orderAddress.toBase58(), vault.toBase58()] };
}

/** Works one claimed row. Throws on chain or RPC failures (the caller retries with backoff). */
export function reclaimAccount(db: Database, chain: Chain, row: ReclaimRow, confirmTimeoutMs?: number): Promise<ReclaimOutcome> {
  return row.kind === 'ticket' ? closeTicket(db, chain, row.orderId, confirmTimeoutMs) : closeOrder(db, chain, row.orderId, confirmTimeoutMs);
}
