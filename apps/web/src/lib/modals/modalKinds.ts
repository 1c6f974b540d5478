import type { Order, PaymentDetailsEntry } from '@jelly/contracts';
import type { OrderStatus, SwapStatus } from '@jelly/domain';

/** Every modal kind of the product. The stack only accepts these ids. */
export const MODAL_KINDS = [
  'joinCoin',
  'selectFiat',
  'selectCrypto',
  'successfulTransaction',
  'confirmOperation',
  'confirmOrder',
  'filterSwap',
  'filterOrders',
  'filterAds',
  'filterBuyCrypto',
  'filterCoinJelly',
  'myAccountFilter',
  'coinJelly',
  'createTokenAdmin',
  'updateJelly',
  'paymentMethods',
  'countriesModal',
  'dropDown',
  'confirmAction',
  'reviews',
  'banUser',
  'banUserSimple',
  'reportUser',
  'adminChatPreview',
  'chatAttachmentPreview',
] as const;

export type ModalKind = (typeof MODAL_KINDS)[number];

export type ConfirmVariant = 'danger' | 'warning' | 'primary';

export interface ConfirmActionProps {
  title: string;
  description: string;
  confirmText?: string;
  cancelText?: string;
  variant: ConfirmVariant;
  /**
   * What is confirmed dies at this instant (ms, this device's clock): from then on the confirm button offers the
   * handlers' onExpired under `expiredText` instead, so nothing dead is ever confirmed (a swap quote).
   */
  expiresAt?: number;
  /** The confirm button's text once expired, and the line that says so. */
  expiredText?: string;
  expiredNotice?: string;
  /** A text the user writes before confirming (counted against its limit); the confirm handler receives it trimmed. */
  textField?: ConfirmTextField;
}

export interface ConfirmTextField {
  label: string;
  maxLength: number;
  /** Confirm stays disabled until some text is written. */
  required: boolean;
  placeholder?: string;
}

/** Props of a modal kind whose screen is not built yet; its feature replaces the entry with the real shape. */
type NoProps = Record<string, never>;

/** Serializable props per modal kind (callbacks live outside the store, see modalHandlers). */
export interface ModalPropsMap {
  joinCoin: NoProps;
  selectFiat: NoProps;
  selectCrypto: NoProps;
  /** The success modal of a Completed deal (deal page): rate the counterparty. */
  successfulTransaction: { orderId: number; toWallet: string };
  /** Confirm Operation (market): the offer, the amount to claim in whole tokens, and the Claim Offer modal below it. */
  /** paymentDetails: a Buy offer's claimer's (the seller's), sent with the claim. */
  confirmOperation: { offer: Order; amount: string; claimModalId: string; paymentDetails?: PaymentDetailsEntry[] };
  /** Claim Offer #{orderId} (market). */
  confirmOrder: { offer: Order };
  filterSwap: NoProps;
  filterOrders: NoProps;
  filterAds: NoProps;
  filterBuyCrypto: NoProps;
  /** Phones: the filters of a Coin Jelly list (the user's orders, or every order for admins). */
  filterCoinJelly: { list: 'user' | 'admin' };
  myAccountFilter: NoProps;
  /** Confirm&Fund of a reserved Coin Jelly order. */
  coinJelly: { orderId: number };
  /** Add Token (admin): list a mint after reading it from the chain. */
  createTokenAdmin: NoProps;
  /** Update Jelly (admin): the order, with its current txID and status. */
  updateJelly: { id: number; txID: string; status: SwapStatus };
  paymentMethods: NoProps;
  countriesModal: NoProps;
  dropDown: NoProps;
  confirmAction: ConfirmActionProps;
  /** The Reviews modal of a trader. */
  reviews: { wallet: string };
  /** Ban user (admin): a wallet-wide ban with a reason and an end; `wallet` prefilled from a dispute or a lookup. */
  banUser: { wallet?: string };
  /** Block user: the signed-in user blocks this wallet (a personal block list, not an admin ban). */
  banUserSimple: { wallet: string };
  /** Report user: a report about this wallet to the admins. */
  reportUser: { wallet: string };
  /** The deal chat of a case in a dialog, for an admin to write to the buyer or the seller. */
  adminChatPreview: { orderId: number; status: OrderStatus; buyerWallet: string | null; sellerWallet: string | null };
  chatAttachmentPreview: { uploadId: string; name: string; sizeBytes: number; kind: 'image' | 'pdf' | 'video' };
}

// Compile-time check: the props map and the list of kinds name exactly the same modals.
type SameKeys<A, B> = [Exclude<keyof A, B>, Exclude<B, keyof A>] extends [never, never] ? true : never;
export const modalKindsMatchProps: SameKeys<ModalPropsMap, ModalKind> = true;

export type ModalEntry = { [K in ModalKind]: { id: string; kind: K; props: ModalPropsMap[K] } }[ModalKind];
