import type { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { findConfigPda, findOrderPda, findTicketPda, findVaultPda } from '../pda.ts';
import {
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
  ata,
  instruction,
  instructionData,
  parse,
  positiveU64,
  programId,
  pubkey,
  readonly,
  u64,
  writable,
} from './shared.ts';

const schema = z.object({
  admin: pubkey,
  /** The crypto side: the creator of a Sell offer, the acceptor of a Buy offer. */
  locker: pubkey,
  mint: pubkey,
  /** The off-chain offer (parent order) id. */
  orderId: u64,
  /** The deal (child order) id. */
  ticketId: u64,
  /** Amount this deal locks, in base units. */
  cryptoAmount: positiveU64,
  /** The deal's fiat value in cents. */
  fiatAmount: positiveU64,
  isSellOrder: z.boolean(),
  /** The offer's creator. */
  creator: pubkey,
  /** The fiat side of the deal: the acceptor of a Sell offer, the creator of a Buy offer. */
  fiatGuy: pubkey,
  /** The offer's total crypto amount (base units); fixed by the first lock. */
  offerAmount: positiveU64,
  /** Defaults to the locker's associated token account. */
  lockerTokenAccount: pubkey.optional(),
  programId,
});
export type AcceptOfferAndLockParams = z.input<typeof schema>;

/**
 * accept_offer_and_lock(order_id, ticket_id, crypto_amount, fiat_amount, is_sell_order, creator, fiat_guy,
 * offer_amount, order_bump, vault_bump, ticket_bump). Signers: admin (fee payer, pays all rent) and locker.
 */
export function acceptOfferAndLockInstruction(params: AcceptOfferAndLockParams): TransactionInstruction {
  const p = parse(schema, params, 'accept_offer_and_lock');
  const [config] = findConfigPda(p.programId);
  const [order, orderBump] = findOrderPda(p.orderId, p.programId);
  const [vault, vaultBump] = findVaultPda(order, p.programId);
  const [ticket, ticketBump] = findTicketPda(order, p.ticketId, p.programId);
  const data = instructionData('accept_offer_and_lock')
    .u64(p.orderId)
    .u64(p.ticketId)
    .u64(p.cryptoAmount)
    .u64(p.fiatAmount)
    .bool(p.isSellOrder)
    .pubkey(p.creator)
    .pubkey(p.fiatGuy)
    .u64(p.offerAmount)
    .u8(orderBump)
    .u8(vaultBump)
    .u8(ticketBump);
  return instruction(
    p.programId,
    [
      writable(p.admin, true),
      readonly(p.locker, true),
      readonly(config),
      writable(order),
      writable(ticket),
      writable(vault),
      readonly(p.mint),
      writable(p.lockerTokenAccount ?? ata(p.mint, p.locker)),
      TOKEN_PROGRAM,
      SYSTEM_PROGRAM,
    ],
    data,
  );
}
