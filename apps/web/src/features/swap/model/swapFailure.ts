import { swapRefusalDetails } from '@jelly/contracts';
import { SWAP_MESSAGES, type SwapRefusalReason } from '@jelly/domain';
import { ApiError } from '../../../lib/api/apiError.ts';
import { EscrowActionError } from '../../../lib/solana/escrowActionError.ts';

export const SWAP_PENDING = 'Pending — transaction awaiting confirmation';
export const SWAP_FAILED = 'Error — failed or invalid transaction';

/** Every way a swap can fail that the page names; each offers a fresh quote as the way on. */
export type SwapFailureKind =
  | 'expired'
  | 'priceMoved'
  | 'inventoryShort'
  | 'insufficientBalance'
  | 'walletRejected'
  | 'transactionFailed'
  /** A refusal with its own sentence (a pair or amount the desk does not quote, no price right now). */
  | 'refused'
  /** The server could not reach the Solana node (a 503): nothing was sent; the same request may simply be tried again. */
  | 'nodeUnavailable';

export interface SwapFailure {
  kind: SwapFailureKind;
  title: string;
  /** The server's (or wallet's) own words, when they add something. */
  detail: string | null;
}

const TITLES: Record<SwapFailureKind, string> = {
  expired: 'The quote expired.',
  priceMoved: 'The price moved beyond the quoted band.',
  inventoryShort: 'The desk is short of this token.',
  insufficientBalance: 'Your balance does not cover this swap.',
  walletRejected: 'The wallet did not sign the swap.',
  transactionFailed: SWAP_FAILED,
  refused: 'The desk cannot quote this swap.',
  nodeUnavailable: 'The Solana node did not answer. Please try again.',
};

/** The desk's refusal reasons (`details.reason` of a 4xx), by the failure the page shows. */
const BY_REASON: Partial<Record<SwapRefusalReason, SwapFailureKind>> = {
  quote_expired: 'expired',
  quote_not_found: 'expired',
  price_moved: 'priceMoved',
  desk_inventory_short: 'inventoryShort',
  insufficient_balance: 'insufficientBalance',
  transaction_failed: 'transactionFailed',
  transaction_mismatch: 'transactionFailed',
};

export function swapFailure(kind: SwapFailureKind, detail: string | null = null): SwapFailure {
  return { kind, title: TITLES[kind], detail };
}

/** A thrown error of the quote call, the wallet or the submit call, as the failure the page shows. */
export function classifySwapError(error: unknown): SwapFailure {
  if (error instanceof QuoteExpired) return swapFailure('expired');
  if (error instanceof WalletRejection) return swapFailure('walletRejected', error.message || null);
  if (error instanceof EscrowActionError) return swapFailure('insufficientBalance', error.message);
  if (error instanceof ApiError) {
    const refusal = swapRefusalDetails.safeParse(error.details);
    if (refusal.success) {
      const reason = refusal.data.reason;
      return swapFailure(BY_REASON[reason] ?? 'refused', SWAP_MESSAGES[reason]);
    }
    if (error.status >= 400 && error.status < 500 && error.code !== null) return swapFailure('refused', error.message);
    // Not a failed transaction: the node did not answer, so the quote (or the send) never happened.
    if (error.status === 503 && error.code === 'CHAIN_UNAVAILABLE') return swapFailure('nodeUnavailable');
  }
  return swapFailure('transactionFailed');
}

/** The wallet refused or failed to sign (the user pressed Reject, or closed it). */
export class WalletRejection extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletRejection';
  }
}

/** The quote died on this device's clock before the wallet was asked: nothing was signed or sent. */
export class QuoteExpired extends Error {
  constructor() {
    super('The quote expired.');
    this.name = 'QuoteExpired';
  }
}
