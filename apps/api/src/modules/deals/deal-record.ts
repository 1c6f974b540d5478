import type { DealOrder, OrderStatus } from '@jelly/domain';

/** A deal (child order) with what the escrow needs from its offer. Amounts are base units / cents. */
export interface DealRecord extends DealOrder {
  orderId: number;
  offerId: number;
  creatorWallet: string;
  acceptorWallet: string | null;
  offerSide: number;
  status: OrderStatus;
  tokenMint: string;
  tokenName: string;
  tokenDecimal: number;
  price: string;
  fiatCode: string;
  amount: bigint;
  fiatAmountCents: bigint | null;
  /** The offer's original total: the UniversalOrder's crypto_amount. */
  offerTotalAmount: bigint;
  paymentDeadline: Date | null;
  lockedAt: Date | null;
}
