/**
 * The Coin Jelly wire shapes this screen reads, mirroring the server's contract. When @jelly/contracts exports
 * the coin-jelly contract, these names are re-exported from there and this file shrinks to that re-export.
 */
import type { SwapStatus } from '@jelly/domain';

export const coinJellyPaths = {
  coins: '/coin-jelly/coins',
  quote: '/coin-jelly/quote',
  reserve: '/coin-jelly/orders',
  createJelly: '/coin-jelly/create-jelly',
  order: (id: number) => `/coin-jelly/orders/${id}`,
  choice: (id: number) => `/coin-jelly/orders/${id}/choice`,
  userOrders: '/coin-jelly/user-orders',
  jellyHistory: '/coin-jelly/jelly-history',
  adminQueue: '/admin/coin-jelly/queue',
  updateJelly: '/admin/update-jelly',
} as const;

/** A coin on a chain, as the currency-and-chain picker lists it. */
export interface JellyCoin {
  code: string;
  chain: string;
  name: string;
  icon: string | null;
  decimals: number;
  /** The SPL mint on Solana (null for SOL and other chains' coins). */
  mint: string | null;
}

export interface CoinsResponse {
  coins: JellyCoin[];
}

/** One of the two amounts is given; the server answers both (decimal strings in whole coins). */
export interface QuoteQuery {
  sendCoin: string;
  sendChain: string;
  receiveCoin: string;
  receiveChain: string;
  amountUserSend?: string;
  amountUserWannaGet?: string;
}

export interface Quote {
  amountUserSend: string;
  amountUserWannaGet: string;
  /** The most the desk can pay out in the receive coin now. */
  maxReceive: string;
  /** Receive-coin units per send-coin unit. */
  rate: string;
  expireAt: string;
}

/** Reserves an order and its personal deposit address with the quote (before the user sends anything). */
export interface ReserveRequest extends QuoteQuery {
  recipientAddress: string;
  refundAddress: string;
}

/** The spec's Swap (jelly) creation payload: 'I have sent the funds' on a reserved order. */
export interface CreateJellyRequest {
  cryptoCurrencyFromUser: string;
  userWallet: string;
  companyWallet: string;
  newUserWallets: string[];
  newUserCrypto: string;
  newUserCryptoChain: string;
  amountUserSend: string;
  amountUserWannaGet: string;
}

/** The finer step inside the three statuses. */
export type JellyStage =
  | 'awaiting_deposit'
  | 'deposit_detected'
  | 'deposit_confirmed'
  | 'choice_needed'
  | 'settling'
  | 'completed'
  | 'admin_payout'
  | 'refunding'
  | 'refunded'
  | 'expired'
  | 'failed';

export interface JellyEvent {
  id: number;
  stage: JellyStage;
  at: string;
  signature: string | null;
  slot: number | null;
  /** Decimal string in `coin`, or null when the step moved nothing. */
  amount: string | null;
  coin: string | null;
  actor: string;
  note: string | null;
}

export interface JellyOrder {
  id: number;
  txID: string | null;
  status: SwapStatus;
  stage: JellyStage;
  userWallet: string;
  companyWallet: string;
  cryptoCurrencyFromUser: string;
  cryptoCurrencyFromUserChain: string;
  newUserWallets: string[];
  newUserCrypto: string;
  newUserCryptoChain: string;
  refundAddress: string;
  amountUserSend: string;
  amountUserWannaGet: string;
  /** What arrived so far (decimal string), null before any deposit. */
  amountReceived: string | null;
  /** The SPL mint the deposit is expected in (null for SOL and other chains). */
  depositMint: string | null;
  expireAt: string;
  /** The user pressed 'I have sent the funds' (create-jelly recorded). */
  userConfirmedAt: string | null;
  /** Why the order needs the user's choice: an under-, over- or late payment. */
  choiceReason: 'under' | 'over' | 'late' | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
  events: JellyEvent[];
}

export interface JellyListQuery {
  Page: number;
  Size: number;
  SortBy: number;
  Dir: number;
  Asset?: string;
  Status?: SwapStatus;
  DateFrom?: string;
  DateTo?: string;
  SearchWallet?: string;
}

export interface JellyListResponse {
  data: JellyOrder[];
  total: number;
}

export interface AdminQueueEntry {
  order: JellyOrder;
  /** Why an admin is needed, and by when. */
  reason: string;
  slaDueAt: string;
}

export interface AdminQueueResponse {
  data: AdminQueueEntry[];
}

export type JellyChoice = 'exchange' | 'refund';

export interface UpdateJellyRequest {
  id: number;
  txID: string;
  status: SwapStatus;
  reason?: string;
}
