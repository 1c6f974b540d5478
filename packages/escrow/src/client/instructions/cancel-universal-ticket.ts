import type { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { TOKEN_PROGRAM, ata, instruction, instructionData, parse, programId, pubkey, readonly, ticketAddresses, u64, writable } from './shared.ts';

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
  const { config, order, ticket, vault } = ticketAddresses(p.orderId, p.ticketId, p.programId);
  return instruction(
    p.programId,
    [
      readonly(p.admin, true),
      readonly(p.fiatGuy, true),
      readonly(config),
      writable(order),
      writable(ticket),
      writable(vault),
      writable(p.cryptoTokenAccount ?? ata(p.mint, p.cryptoGuy)),
      TOKEN_PROGRAM,
    ],
    instructionData('cancel_universal_ticket'),
  );
}
