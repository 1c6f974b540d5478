// The ways out without the admin: both parties together, one party after the escape deadline, the creator of an
// idle offer; and the deadline's setter (the upgrade authority).
import type { TransactionInstruction } from '@solana/web3.js';
import { z } from 'zod';
import { MIN_ESCAPE_AFTER_SECONDS } from '../constants.ts';
import { findConfigPda, findOrderPda, findProgramDataAddress, findVaultPda } from '../pda.ts';
import {
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
  ata,
  instruction,
  instructionData,
  parse,
  programId,
  pubkey,
  readonly,
  ticketAddresses,
  u64,
  writable,
} from './shared.ts';

const setEscapeAfterSchema = z.object({
  authority: pubkey,
  escapeAfterSeconds: z.number().int().min(MIN_ESCAPE_AFTER_SECONDS).max(0xffff_ffff),
  programId,
});
export type SetEscapeAfterParams = z.input<typeof setEscapeAfterSchema>;

/** set_escape_after(escape_after_seconds): signer the upgrade authority (pays the growth of an old config). */
export function setEscapeAfterInstruction(params: SetEscapeAfterParams): TransactionInstruction {
  const p = parse(setEscapeAfterSchema, params, 'set_escape_after');
  return instruction(
    p.programId,
    [
      writable(p.authority, true),
      writable(findConfigPda(p.programId)[0]),
      readonly(p.programId),
      readonly(findProgramDataAddress(p.programId)),
      SYSTEM_PROGRAM,
    ],
    instructionData('set_escape_after').u32(p.escapeAfterSeconds),
  );
}

const partiesSchema = z.object({
  cryptoGuy: pubkey,
  fiatGuy: pubkey,
  orderId: u64,
  ticketId: u64,
  mint: pubkey,
  treasury: pubkey,
  releaseToFiatGuy: z.boolean(),
  /** Defaults to the associated token account of the side that receives the tokens. */
  recipientTokenAccount: pubkey.optional(),
  programId,
});
export type PartiesResolveTicketParams = z.input<typeof partiesSchema>;

/** parties_resolve_ticket(release_to_fiat_guy): signers both parties, no admin. */
export function partiesResolveTicketInstruction(params: PartiesResolveTicketParams): TransactionInstruction {
  const p = parse(partiesSchema, params, 'parties_resolve_ticket');
  const { config, order, ticket, vault } = ticketAddresses(p.orderId, p.ticketId, p.programId);
  const recipient = p.recipientTokenAccount ?? ata(p.mint, p.releaseToFiatGuy ? p.fiatGuy : p.cryptoGuy);
  return instruction(
    p.programId,
    [
      readonly(p.cryptoGuy, true),
      readonly(p.fiatGuy, true),
      readonly(config),
      writable(order),
      writable(ticket),
      writable(vault),
      writable(recipient),
      writable(ata(p.mint, p.treasury)),
      TOKEN_PROGRAM,
    ],
    instructionData('parties_resolve_ticket').bool(p.releaseToFiatGuy),
  );
}

const escapeTicketSchema = z.object({
  /** The side the escape pays: the crypto side (nobody signed) or the fiat side (the crypto side signed). */
  party: pubkey,
  orderId: u64,
  ticketId: u64,
  mint: pubkey,
  treasury: pubkey,
  /** Defaults to the party's associated token account. */
  recipientTokenAccount: pubkey.optional(),
  programId,
});
export type EscapeTicketParams = z.input<typeof escapeTicketSchema>;

/** escape_ticket: after the deadline, signer the one party the ticket's signatures pay. */
export function escapeTicketInstruction(params: EscapeTicketParams): TransactionInstruction {
  const p = parse(escapeTicketSchema, params, 'escape_ticket');
  const { config, order, ticket, vault } = ticketAddresses(p.orderId, p.ticketId, p.programId);
  return instruction(
    p.programId,
    [
      readonly(p.party, true),
      readonly(config),
      writable(order),
      writable(ticket),
      writable(vault),
      writable(p.recipientTokenAccount ?? ata(p.mint, p.party)),
      writable(ata(p.mint, p.treasury)),
      TOKEN_PROGRAM,
    ],
    instructionData('escape_ticket'),
  );
}

const escapeOrderSchema = z.object({
  creator: pubkey,
  orderId: u64,
  mint: pubkey,
  /** The order's rentPayer: the closed accounts' rent goes back to it. */
  rentReceiver: pubkey,
  /** Defaults to the creator's associated token account. */
  creatorTokenAccount: pubkey.optional(),
  programId,
});
export type EscapeOrderParams = z.input<typeof escapeOrderSchema>;

/** escape_order: after the deadline, signer the order's creator; the order must have no open ticket. */
export function escapeOrderInstruction(params: EscapeOrderParams): TransactionInstruction {
  const p = parse(escapeOrderSchema, params, 'escape_order');
  const [config] = findConfigPda(p.programId);
  const [order] = findOrderPda(p.orderId, p.programId);
  return instruction(
    p.programId,
    [
      readonly(p.creator, true),
      readonly(config),
      writable(order),
      writable(findVaultPda(order, p.programId)[0]),
      writable(p.creatorTokenAccount ?? ata(p.mint, p.creator)),
      writable(p.rentReceiver),
      TOKEN_PROGRAM,
    ],
    instructionData('escape_order'),
  );
}
