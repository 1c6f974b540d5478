import type { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { TOKEN_PROGRAM, ata, instruction, instructionData, parse, programId, pubkey, readonly, ticketAddresses, u64, writable } from './shared.ts';

const schema = z.object({
  admin: pubkey,
  orderId: u64,
  ticketId: u64,
  mint: pubkey,
  releaseToFiatGuy: z.boolean(),
  fiatGuy: pubkey,
  cryptoGuy: pubkey,
  treasury: pubkey,
  /** Defaults to the associated token account of the side that receives the tokens. */
  recipientTokenAccount: pubkey.optional(),
  programId,
});
export type AdminResolveUniversalTicketParams = z.input<typeof schema>;

/**
 * admin_resolve_universal_ticket(release_to_fiat_guy): release (net to the fiat side, fee to the treasury)
 * or refund (everything to the crypto side). Signer: admin.
 */
export function adminResolveUniversalTicketInstruction(params: AdminResolveUniversalTicketParams): TransactionInstruction {
  const p = parse(schema, params, 'admin_resolve_universal_ticket');
  const { config, order, ticket, vault } = ticketAddresses(p.orderId, p.ticketId, p.programId);
  const recipient = p.recipientTokenAccount ?? ata(p.mint, p.releaseToFiatGuy ? p.fiatGuy : p.cryptoGuy);
  return instruction(
    p.programId,
    [
      readonly(p.admin, true),
      readonly(config),
      writable(order),
      writable(ticket),
      writable(vault),
      writable(recipient),
      writable(ata(p.mint, p.treasury)),
      TOKEN_PROGRAM,
    ],
    instructionData('admin_resolve_universal_ticket').bool(p.releaseToFiatGuy),
  );
}
