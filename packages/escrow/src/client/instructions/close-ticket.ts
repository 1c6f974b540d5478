import type { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { findConfigPda, findOrderPda, findTicketPda } from '../pda.ts';
import { instruction, instructionData, parse, programId, pubkey, readonly, u64, writable } from './shared.ts';

const schema = z.object({
  admin: pubkey,
  orderId: u64,
  ticketId: u64,
  /** Who paid the ticket's rent (ticket.rentPayer); defaults to the admin. */
  rentReceiver: pubkey.optional(),
  programId,
});
export type CloseTicketParams = z.input<typeof schema>;

/** close_ticket: closes a ticket that is no longer Locked, rent back to its payer. Signer: admin. */
export function closeTicketInstruction(params: CloseTicketParams): TransactionInstruction {
  const p = parse(schema, params, 'close_ticket');
  const [config] = findConfigPda(p.programId);
  const [order] = findOrderPda(p.orderId, p.programId);
  const [ticket] = findTicketPda(order, p.ticketId, p.programId);
  return instruction(
    p.programId,
    [readonly(p.admin, true), readonly(config), writable(ticket), writable(p.rentReceiver ?? p.admin)],
    instructionData('close_ticket'),
  );
}
