import type { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { findConfigPda, findOrderPda, findTicketPda, findVaultPda } from '../pda.ts';
import { TOKEN_PROGRAM, ata, instruction, instructionData, parse, programId, pubkey, readonly, u64, writable } from './shared.ts';

const schema = z.object({
  admin: pubkey,
  fiatGuy: pubkey,
  /** The crypto side, refunded. */
  cryptoGuy: pubkey,
  mint: pubkey,
  orderId: u64,
  ticketId: u64,
  cryptoTokenAccount: pubkey.optional(),
  programId,
});
export type CancelUniversalTicketParams = z.input<typeof schema>;

/** cancel_universal_ticket: the fiat side cancels a locked, unsigned ticket. Signers: admin and fiat side. */
export function cancelUniversalTicketInstruction(params: CancelUniversalTicketParams): TransactionInstruction {
  const p = parse(schema, params, 'cancel_universal_ticket');
  const [config] = findConfigPda(p.programId);
  const [order] = findOrderPda(p.orderId, p.programId);
  const [ticket] = findTicketPda(order, p.ticketId, p.programId);
  return instruction(
    p.programId,
    [
      readonly(p.admin, true),
      readonly(p.fiatGuy, true),
      readonly(config),
      writable(order),
      writable(ticket),
      writable(findVaultPda(order, p.programId)[0]),
      writable(p.cryptoTokenAccount ?? ata(p.mint, p.cryptoGuy)),
      TOKEN_PROGRAM,
    ],
    instructionData('cancel_universal_ticket'),
  );
}
