// The escape kit's decisions, from chain data alone: which of a wallet's deals and offers it may take back without
// Jelly, from when, in a sentence, and the instructions that do it. Pure: the chain reads are in listing.ts. Shared by
// the CLI kit (tools/operator/escape-command.ts) and the web build's escape page, so both say and send the same.
import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { Config, FillTicket, UniversalOrder } from '../accounts.ts';
import { ACCOUNT_SIZES } from '../constants.ts';
import { ensureTokenAccountsInstructions, escapeOrderInstruction, escapeTicketInstruction } from '../instructions/index.ts';

/** Byte offsets of the wallets the kit filters on (discriminator included; see the README's account table). */
export const WALLET_OFFSETS = { ticketCryptoGuy: 112, ticketFiatGuy: 144, orderCreator: 88 } as const;

export type AccountFilter = { dataSize: number } | { memcmp: { offset: number; bytes: string } };

/** getProgramAccounts filters: the wallet's tickets on either side, and the offers it created. */
export function walletFilters(wallet: PublicKey): { ticketsAsCrypto: AccountFilter[]; ticketsAsFiat: AccountFilter[]; orders: AccountFilter[] } {
  const bytes = wallet.toBase58();
  const ticket = { dataSize: ACCOUNT_SIZES.FillTicket };
  return {
    ticketsAsCrypto: [ticket, { memcmp: { offset: WALLET_OFFSETS.ticketCryptoGuy, bytes } }],
    ticketsAsFiat: [ticket, { memcmp: { offset: WALLET_OFFSETS.ticketFiatGuy, bytes } }],
    orders: [{ dataSize: ACCOUNT_SIZES.UniversalOrder }, { memcmp: { offset: WALLET_OFFSETS.orderCreator, bytes } }],
  };
}

export interface EscapeContext {
  wallet: PublicKey;
  config: Config;
  /** The chain's clock (unix seconds). */
  now: bigint;
  programId: PublicKey;
}

export interface EscapeItem {
  address: PublicKey;
  kind: 'deal' | 'offer';
  /** What the wallet may do, when, or why not: one sentence. */
  sentence: string;
  /** From when the wallet alone may act (unix seconds); null when it never may alone. */
  availableAt: bigint | null;
  /** The transaction's instructions (the wallet signs and pays); absent when the wallet has nothing to send. */
  instructions?: () => TransactionInstruction[];
}

const when = (at: bigint, now: bigint) => (now >= at ? 'now' : `from ${new Date(Number(at) * 1000).toISOString()}`);

/** A deal (ticket) of the wallet, with its order (for the offer id and mint). */
export function planTicket(ctx: EscapeContext, address: PublicKey, ticket: FillTicket, order: UniversalOrder): EscapeItem {
  const item = { address, kind: 'deal' as const };
  const amount = `${ticket.amount} base units`;
  if (ticket.status !== 'Locked') return { ...item, availableAt: null, sentence: `Deal ${ticket.ticketId} is ${ticket.status}: nothing is held for it.` };
  const at = ticket.updatedAt + BigInt(ctx.config.escapeAfterSeconds);
  const isCrypto = ticket.cryptoGuy.equals(ctx.wallet);
  const escape = (): TransactionInstruction[] => {
    const owners = ticket.cryptoGuySigned ? [ctx.wallet, ctx.config.treasury] : [ctx.wallet];
    const ix = escapeTicketInstruction({ party: ctx.wallet, orderId: order.orderId, ticketId: ticket.ticketId, mint: order.cryptoMint, treasury: ctx.config.treasury, programId: ctx.programId });
    return [...ensureTokenAccountsInstructions(ctx.wallet, order.cryptoMint, owners), ix];
  };
  if (ticket.cryptoGuySigned) {
    return isCrypto
      ? { ...item, availableAt: null, sentence: `Deal ${ticket.ticketId}: you released ${amount}; the buyer can take the payout alone ${when(at, ctx.now)}.` }
      : { ...item, availableAt: at, instructions: escape, sentence: `Deal ${ticket.ticketId}: the seller released ${amount}; you can take the payout (less the fee) ${when(at, ctx.now)}.` };
  }
  if (ticket.fiatGuySigned) {
    return { ...item, availableAt: null, sentence: `Deal ${ticket.ticketId}: marked paid but not released (${amount}); nothing moves alone - both parties together, or the admin's decision, settle it.` };
  }
  return isCrypto
    ? { ...item, availableAt: at, instructions: escape, sentence: `Deal ${ticket.ticketId}: the buyer never marked it paid; you can take back ${amount} ${when(at, ctx.now)}.` }
    : { ...item, availableAt: null, sentence: `Deal ${ticket.ticketId}: not marked paid; the seller can take back ${amount} ${when(at, ctx.now)}, unless both of you settle it together first.` };
}

/** An offer (order) the wallet created, with what its vault holds. */
export function planOrder(ctx: EscapeContext, address: PublicKey, order: UniversalOrder, vaultAmount: bigint): EscapeItem {
  const item = { address, kind: 'offer' as const };
  if (order.openTickets > 0) {
    return { ...item, availableAt: null, sentence: `Offer ${order.orderId}: ${order.openTickets} deal(s) still open; take those back first, then the offer can be closed.` };
  }
  const at = order.updatedAt + BigInt(ctx.config.escapeAfterSeconds);
  const instructions = (): TransactionInstruction[] => {
    const ix = escapeOrderInstruction({ creator: ctx.wallet, orderId: order.orderId, mint: order.cryptoMint, rentReceiver: order.rentPayer, programId: ctx.programId });
    return [...(vaultAmount > 0n ? ensureTokenAccountsInstructions(ctx.wallet, order.cryptoMint, [ctx.wallet]) : []), ix];
  };
  return { ...item, availableAt: at, instructions, sentence: `Offer ${order.orderId}: you can take back the ${vaultAmount} base units its vault holds and close it ${when(at, ctx.now)}.` };
}

/** Whether the wallet may send the item's transaction at the chain time `now` (the program refuses it before). */
export const sendableNow = (item: EscapeItem, now: bigint): item is EscapeItem & { instructions: () => TransactionInstruction[] } =>
  item.instructions !== undefined && item.availableAt !== null && now >= item.availableAt;
