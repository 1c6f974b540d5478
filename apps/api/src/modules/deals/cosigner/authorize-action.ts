import {
  ESCROW_STATUSES,
    ORDER_STATUSES,
  OrderStatus,
  checkCancelAfterLock,
  checkCryptoSideLock,
  checkSign,
  cryptoSideWallet,
  dealRoleOf,
  fiatSideWallet,
  ONLY_FIAT_SIDE_CAN_CANCEL,
  MISSING_REQUIRED_DATA,
} from '@jelly/domain';
import {
  acceptOfferAndLockInstruction,
  cancelUniversalTicketInstruction,
  dealInstructionArgs,
  dealTicketIds,
  readLockIds,
  TICKET_INSTRUCTION_ACCOUNTS,
  signUniversalTicketAnchorForm,
  signUniversalTicketInstruction,
  type Config,
  EscrowError,
  escrowErrorCodeOf,
  escrowMessage,
  type EscrowErrorCode,
} from '@jelly/escrow';
import { PublicKey, type TransactionInstruction } from '@solana/web3.js';
import type { Chain } from '../../../chain/chain.ts';
import { AppError, forbidden } from '../../../errors.ts';
import { dealEscrowAddresses } from '../chain/read-ticket.ts';
import type { DealRecord } from '../deal-record.ts';
import { findDeal, findDealsOfWallet, type Queryable } from '../queries.ts';
import type { ClassifiedTransaction, UserActionKind } from './classify-instructions.ts';
import { matchesInstruction } from './match-instruction.ts';
import { refused } from '../../../chain/transactions/index.ts';
import { checkTicketNotReclaimed } from './ticket-not-reclaimed.ts';
import { checkTokenAccountFunds } from './token-account-funds.ts';
import { checkTokenAccountPayers } from './token-account-payer.ts';

export interface AuthorizedAction {
  kind: UserActionKind;
  deal: DealRecord;
  /** A crypto side's signature on a deal the fiat side signed: it settles in the same instruction. */
  settles: boolean;
}

export const DEAL_MISMATCH = 'The escrow instruction does not match the deal (accounts or amounts differ).';
export const NOT_YOUR_DEAL = 'This transaction does not act on a deal of yours.';
export const UNDER_ADMIN_REVIEW = 'This deal is under admin review: the admin resolves it.';
export const PAYMENT_WINDOW_CLOSED = 'The payment window of this deal has closed.';

const conflict = (message: string) => new AppError('CONFLICT', message);

/** The deal a lock names in its arguments (order_id = the offer, ticket_id = the deal). */
async function dealOfLock(db: Queryable, classified: ClassifiedTransaction): Promise<DealRecord> {
  const ids = readLockIds(classified.escrow.data);
  if (!ids) throw refused(DEAL_MISMATCH);
  if (ids.ticketId > BigInt(Number.MAX_SAFE_INTEGER)) throw conflict('The transaction names no known deal.');
  const deal = await findDeal(db, Number(ids.ticketId));
  if (!deal || BigInt(deal.offerId) !== ids.orderId) throw conflict('The transaction names no known deal.');
  return deal;
}

/** The caller's deal whose ticket account a sign or cancel names (the ticket PDA is not invertible). */
async function dealOfTicket(
  db: Queryable,
  chain: Chain,
  classified: ClassifiedTransaction,
  caller: string,
  statuses: readonly OrderStatus[],
): Promise<DealRecord> {
  const ticket = classified.escrow.keys[TICKET_INSTRUCTION_ACCOUNTS.ticket]?.pubkey;
  if (!ticket) throw refused(DEAL_MISMATCH);
  const matches = (candidate: DealRecord) => dealEscrowAddresses(chain, candidate.offerId, candidate.orderId).ticket.equals(ticket);
  // Deals holding tokens in escrow first (bounded by real money, so never too many), then the newest of any status
  // (so a late action on a finished deal gets the state's own message).
  const live = statuses.filter((status) => ESCROW_STATUSES.includes(status));
  const deal =
    (live.length ? (await findDealsOfWallet(db, caller, live, 1_000)).find(matches) : undefined) ??
    (await findDealsOfWallet(db, caller, statuses)).find(matches);
  if (!deal) throw forbidden(NOT_YOUR_DEAL);
  return deal;
}

/**
 * The deal an escrow instruction acts on: a lock names it in its arguments; a sign or cancel names its ticket
 * account, looked up among the caller's deals (newest 200) in `statuses`.
 */
export function identifyDeal(
  db: Queryable,
  chain: Chain,
  classified: ClassifiedTransaction,
  caller: string,
  statuses: readonly OrderStatus[] = ORDER_STATUSES,
): Promise<DealRecord> {
  return classified.kind === 'lock' ? dealOfLock(db, classified) : dealOfTicket(db, chain, classified, caller, statuses);
}

/** The program's codes that refuse the caller (403); every other refusal is about the deal's state (409). */
const WRONG_PARTY_CODES: ReadonlySet<EscrowErrorCode> = new Set([EscrowError.Unauthorized, EscrowError.FiatGuyCannotLock]);

/**
 * A domain rule's refusal: a wrong party is 403, a wrong state 409. The rules refuse with the program's
 * catalogue messages, so the code behind the message decides; the fiat-side cancel rule has no on-chain code.
 */
function ruleRefusal(message: string): AppError {
  const code = escrowErrorCodeOf(message);
  const wrongParty = code === undefined ? message === ONLY_FIAT_SIDE_CAN_CANCEL : WRONG_PARTY_CODES.has(code);
  return wrongParty ? forbidden(message) : conflict(message);
}

function build(make: () => TransactionInstruction): TransactionInstruction {
  try {
    return make();
  } catch {
    // amounts beyond a u64, malformed stored keys: nothing the chain could accept
    throw conflict(MISSING_REQUIRED_DATA);
  }
}

/**
 * The instructions the deal allows for this action. A signature that does not settle may carry the settlement
 * accounts, leave them out, or pass the program id in their slots (an Anchor client's absent optional accounts),
 * which the program ignores when nothing settles; a settling signature needs the real accounts.
 */
function expectedInstructions(
  kind: UserActionKind,
  deal: DealRecord,
  caller: PublicKey,
  chain: Chain,
  escrow: Config,
  settles: boolean,
): TransactionInstruction[] {
  const admin = chain.admin.publicKey;
  const programId = chain.programId;
  const mint = new PublicKey(deal.tokenMint);
  const fiatGuy = new PublicKey(fiatSideWallet(deal) ?? caller);
  const cryptoGuy = new PublicKey(cryptoSideWallet(deal) ?? caller);
  const target = { admin, programId };
  const ids = dealTicketIds({ offerId: deal.offerId, dealId: deal.orderId }, target);
  switch (kind) {
    case 'lock': {
      const { fiatAmountCents } = deal;
      if (fiatAmountCents === null) throw conflict(MISSING_REQUIRED_DATA);
      const escrowDeal = {
        offerId: deal.offerId,
        dealId: deal.orderId,
        tokenMint: deal.tokenMint,
        amount: deal.amount,
        fiatAmountCents,
        offerSide: deal.offerSide,
        offerTotalAmount: deal.offerTotalAmount,
        creatorWallet: deal.creatorWallet,
        cryptoSideWallet: caller.toBase58(),
        fiatSideWallet: fiatGuy.toBase58(),
      };
      return [build(() => acceptOfferAndLockInstruction(dealInstructionArgs(escrowDeal, target)))];
    }
    case 'sign': {
      const settlement = { mint, fiatGuy, treasury: escrow.treasury };
      const withSettlement = build(() => signUniversalTicketInstruction({ admin, signer: caller, ...ids, settlement }));
      if (settles) return [withSettlement];
      return [
        build(() => signUniversalTicketInstruction({ admin, signer: caller, ...ids })),
        build(() => signUniversalTicketAnchorForm({ admin, signer: caller, ...ids })),
        withSettlement,
      ];
    }
    case 'cancel':
      return [build(() => cancelUniversalTicketInstruction({ admin, fiatGuy: caller, cryptoGuy, mint, ...ids }))];
  }
}

/** Whether a sign instruction names the settlement accounts (not left out, not the program id in their slots). */
function namesSettlement(ix: TransactionInstruction): boolean {
  const vault = ix.keys[TICKET_INSTRUCTION_ACCOUNTS.vault]?.pubkey;
  return vault !== undefined && !vault.equals(ix.programId);
}

/** Owners whose token accounts this action pays into: the only ones a transaction may create on the way. */
function recipients(kind: UserActionKind, deal: DealRecord, escrow: Config, withSettlement: boolean): string[] {
  if (kind === 'cancel') return [cryptoSideWallet(deal) ?? ''];
  if (kind === 'sign' && withSettlement) return [fiatSideWallet(deal) ?? '', escrow.treasury.toBase58()];
  return [];
}

/**
 * Checks the proposed escrow action against the deal in the database: the caller's role and the deal's state
 * (@jelly/domain rules), then that the instruction is exactly the one the deal allows (every account, flag and
 * argument), and that token accounts created on the way belong to this action's recipients, for the deal's mint.
 */
export async function authorizeAction(
  db: Queryable,
  chain: Chain,
  escrow: Config,
  classified: ClassifiedTransaction,
  caller: string,
  now: Date,
): Promise<AuthorizedAction> {
  const { kind } = classified;
  const deal = await identifyDeal(db, chain, classified, caller);
  const role = dealRoleOf(deal, caller);
  if (!role) throw forbidden(NOT_YOUR_DEAL);
  if (deal.status === OrderStatus.AdminResolving) throw conflict(UNDER_ADMIN_REVIEW);

  let settles = false;
  if (kind === 'lock') {
    const check = checkCryptoSideLock(deal, caller, deal.amount);
    if (!check.ok) throw role === 'fiat' ? forbidden(escrowMessage(EscrowError.FiatGuyCannotLock)) : ruleRefusal(check.error);
    if (deal.paymentDeadline && deal.paymentDeadline.getTime() <= now.getTime()) throw conflict(PAYMENT_WINDOW_CLOSED);
    await checkTicketNotReclaimed(db, deal.orderId);
  } else if (kind === 'sign') {
    const check = checkSign(deal, caller);
    if (!check.ok) throw ruleRefusal(check.error);
    settles = check.value === OrderStatus.Completed;
  } else {
    const check = checkCancelAfterLock(deal, caller);
    if (!check.ok) throw ruleRefusal(check.error);
  }

  const callerKey = new PublicKey(caller);
  const expected = expectedInstructions(kind, deal, callerKey, chain, escrow, settles);
  const match = expected.find((ix) => matchesInstruction(classified.escrow, ix, [chain.admin.publicKey, callerKey]));
  if (!match) throw refused(DEAL_MISMATCH);

  const allowedOwners = recipients(kind, deal, escrow, namesSettlement(match));
  for (const creation of classified.tokenAccountCreations) {
    if (!creation.mint.equals(new PublicKey(deal.tokenMint))) {
      throw refused("Only token accounts of the deal's token may be created.");
    }
    if (!allowedOwners.includes(creation.owner.toBase58())) {
      throw refused("Only the token accounts this action pays into may be created.");
    }
    if (!creation.payer.equals(chain.admin.publicKey) && !creation.payer.equals(callerKey)) {
      throw refused('Token accounts may be paid for only by your own wallet.');
    }
  }
  checkTokenAccountPayers(classified.tokenAccountCreations, chain.admin.publicKey, escrow.treasury);
  await checkTokenAccountFunds(chain, classified.tokenAccountCreations);
  return { kind, deal, settles };
}
