import { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { TOKEN_PROGRAM, ata, instruction, instructionData, parse, programId, pubkey, readonly, ticketAddresses, u64, writable } from './shared.ts';

const schema = z.object({
  admin: pubkey,
  /** The crypto side or the fiat side of the ticket. */
  signer: pubkey,
  orderId: u64,
  ticketId: u64,
  /**
   * Settlement accounts, needed when this is the second signature (it then settles in the same
   * instruction). Leave out only to record a signature and settle later with settle_universal_ticket.
   */
  settlement: z
    .object({ mint: pubkey, fiatGuy: pubkey, treasury: pubkey, fiatTokenAccount: pubkey.optional() })
    .optional(),
  programId,
});
export type SignUniversalTicketParams = z.input<typeof schema>;

/** sign_universal_ticket. Signers: admin and the signing party. */
export function signUniversalTicketInstruction(params: SignUniversalTicketParams): TransactionInstruction {
  const p = parse(schema, params, 'sign_universal_ticket');
  const { config, order, ticket, vault } = ticketAddresses(p.orderId, p.ticketId, p.programId);
  const keys = [readonly(p.admin, true), readonly(p.signer, true), readonly(config), writable(order), writable(ticket)];
  if (p.settlement) {
    const s = p.settlement;
    keys.push(
      writable(vault),
      writable(s.fiatTokenAccount ?? ata(s.mint, s.fiatGuy)),
      writable(ata(s.mint, s.treasury)),
      TOKEN_PROGRAM,
    );
  }
  return instruction(p.programId, keys, instructionData('sign_universal_ticket'));
}

/** The settlement accounts, optional in the IDL: vault, fiat_token, treasury_token, token_program. */
export const SIGN_SETTLEMENT_ACCOUNT_COUNT = 4;

/**
 * sign_universal_ticket without settlement as an Anchor client sends it: Anchor passes the program id, read-only and
 * not a signer, in each slot of an optional account left out. The program reads those slots only when the signature
 * settles, so for a signature that only records, this is the same instruction as the five-account form.
 */
export function signUniversalTicketAnchorForm(params: Omit<SignUniversalTicketParams, 'settlement'>): TransactionInstruction {
  const recorded = signUniversalTicketInstruction({ ...params, settlement: undefined });
  const absent = Array.from({ length: SIGN_SETTLEMENT_ACCOUNT_COUNT }, () => readonly(recorded.programId));
  return new TransactionInstruction({ programId: recorded.programId, keys: [...recorded.keys, ...absent], data: recorded.data });
}
