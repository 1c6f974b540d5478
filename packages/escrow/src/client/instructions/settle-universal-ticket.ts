import type { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { TOKEN_PROGRAM, ata, instruction, instructionData, parse, programId, pubkey, readonly, ticketAddresses, u64, writable } from './shared.ts';

const schema = z.object({
  admin: pubkey,
  orderId: u64,
  ticketId: u64,
  mint: pubkey,
  fiatGuy: pubkey,
  treasury: pubkey,
  fiatTokenAccount: pubkey.optional(),
  programId,
});
export type SettleUniversalTicketParams = z.input<typeof schema>;

/** settle_universal_ticket: pays out a ticket both parties signed (6008 otherwise). Signer: admin. */
export function settleUniversalTicketInstruction(params: SettleUniversalTicketParams): TransactionInstruction {
  const p = parse(schema, params, 'settle_universal_ticket');
  const { config, order, ticket, vault } = ticketAddresses(p.orderId, p.ticketId, p.programId);
  return instruction(
    p.programId,
    [
      readonly(p.admin, true),
      readonly(config),
      writable(order),
      writable(ticket),
      writable(vault),
      writable(p.fiatTokenAccount ?? ata(p.mint, p.fiatGuy)),
      writable(ata(p.mint, p.treasury)),
      TOKEN_PROGRAM,
    ],
    instructionData('settle_universal_ticket'),
  );
}
