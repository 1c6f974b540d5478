// The escape paths on a LiteSVM escrow: transactions the parties sign and pay for, no admin signature.
import type { Keypair } from '@solana/web3.js';
import {
  escapeOrderInstruction,
  escapeTicketInstruction,
  partiesResolveTicketInstruction,
  setEscapeAfterInstruction,
} from '../../src/client/index.ts';
import type { TxResult } from './chain.ts';
import type { Deal, Escrow } from './escrow.ts';

/** Both parties sign (the crypto side pays the fee): release to the fiat side or refund the crypto side. */
export function partiesResolve(escrow: Escrow, deal: Deal, releaseToFiatGuy: boolean, signers?: Keypair[]): TxResult {
  const ix = partiesResolveTicketInstruction({
    cryptoGuy: deal.cryptoGuy.publicKey,
    fiatGuy: deal.fiatGuy.publicKey,
    orderId: deal.orderId,
    ticketId: deal.ticketId,
    mint: escrow.mint,
    treasury: escrow.treasury.publicKey,
    releaseToFiatGuy,
    programId: escrow.programId,
  });
  const name = `parties_resolve_ticket (${releaseToFiatGuy ? 'release' : 'refund'})`;
  return escrow.run(name, ix, signers ?? [deal.cryptoGuy, deal.fiatGuy]);
}

/** One party alone after the deadline; `party` signs and pays the fee. */
export function escapeTicket(escrow: Escrow, deal: Deal, party: Keypair): TxResult {
  const ix = escapeTicketInstruction({
    party: party.publicKey,
    orderId: deal.orderId,
    ticketId: deal.ticketId,
    mint: escrow.mint,
    treasury: escrow.treasury.publicKey,
    programId: escrow.programId,
  });
  const name = `escape_ticket (${party === deal.fiatGuy ? 'payout' : 'refund'})`;
  return escrow.run(name, ix, [party]);
}

/** The offer's creator alone after the deadline: the vault's tokens back, the order's accounts closed. */
export function escapeOrder(escrow: Escrow, orderId: bigint, creator: Keypair): TxResult {
  const ix = escapeOrderInstruction({
    creator: creator.publicKey,
    orderId,
    mint: escrow.mint,
    rentReceiver: escrow.admin.publicKey,
    programId: escrow.programId,
  });
  return escrow.run('escape_order', ix, [creator]);
}

export function setEscapeAfter(escrow: Escrow, authority: Keypair, escapeAfterSeconds: number): TxResult {
  const ix = setEscapeAfterInstruction({ authority: authority.publicKey, escapeAfterSeconds, programId: escrow.programId });
  return escrow.run('set_escape_after', ix, [authority]);
}
