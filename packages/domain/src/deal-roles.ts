/**
 * Who is who in a deal.
 * The crypto side locks tokens in escrow; the fiat side pays off-chain and receives the tokens.
 * Buy offer (offerSide 1): creator = fiat side, acceptor = crypto side.
 * Sell offer (offerSide 0): creator = crypto side, acceptor = fiat side.
 */
import { OfferSide } from './sides-and-sorting.ts';

/** The fields of an order the deal rules look at; any order object with these fields fits. */
export interface DealParties {
  readonly creatorWallet: string;
  readonly acceptorWallet?: string | null | undefined;
  readonly offerSide: number;
}

export interface DealOrder extends DealParties {
  readonly status: number;
}

export type DealRole = 'fiat' | 'crypto';

function present(wallet: string | null | undefined): string | null {
  return wallet ? wallet : null;
}

/** The fiat-side wallet (buyer of the tokens), or null when that party is not known yet. */
export function fiatSideWallet(order: DealParties): string | null {
  return order.offerSide === OfferSide.Buy ? present(order.creatorWallet) : present(order.acceptorWallet);
}

/** The crypto-side wallet (seller of the tokens, the one who locks), or null when not known yet. */
export function cryptoSideWallet(order: DealParties): string | null {
  return order.offerSide === OfferSide.Buy ? present(order.acceptorWallet) : present(order.creatorWallet);
}

/** The role a wallet plays in the order, or null for a non-party (or no wallet). */
export function dealRoleOf(order: DealParties, wallet: string | null | undefined): DealRole | null {
  if (!wallet) return null;
  if (wallet === fiatSideWallet(order)) return 'fiat';
  if (wallet === cryptoSideWallet(order)) return 'crypto';
  return null;
}

export function isDealParty(order: DealParties, wallet: string | null | undefined): boolean {
  return !!wallet && (wallet === order.creatorWallet || wallet === present(order.acceptorWallet));
}

/** The other party of the deal for this wallet, or null when wallet is not a party or there is none. */
export function counterpartyWallet(order: DealParties, wallet: string | null | undefined): string | null {
  if (!wallet) return null;
  if (wallet === order.creatorWallet) return present(order.acceptorWallet);
  if (wallet === present(order.acceptorWallet)) return present(order.creatorWallet);
  return null;
}

/** Buyer / seller as the admin screens and support requests name them: buyer = fiat side, seller = crypto side. */
export function buyerAndSeller(order: DealParties): { buyerWallet: string | null; sellerWallet: string | null } {
  return { buyerWallet: fiatSideWallet(order), sellerWallet: cryptoSideWallet(order) };
}
