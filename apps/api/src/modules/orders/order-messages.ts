import { CLAIM_OWN_OFFER, OFFER_NOT_ACTIVE } from '@jelly/domain';

/** Messages of the order rules only the API words; the shared user-facing strings come from @jelly/domain. */
export const ORDER_MESSAGES = {
  offerNotFound: 'Offer not found.',
  orderNotFound: 'Order not found.',
  unknownToken: 'Unknown token: choose one of the listed coins.',
  tokenMismatch: 'tokenDecimal and tokenName must match the chosen token.',
  unknownFiat: 'Unknown currency code.',
  unknownPaymentMethod: 'Unknown payment method.',
  duplicatePaymentMethod: 'Each payment method can be chosen once.',
  unknownCountry: 'Unknown country code.',
  fiatDecimals: 'Fiat limits have at most 2 decimals.',
  premiumRange: 'Premium must be above -100% and at most 1000%.',
  marketPriceUnavailable: 'The market price is unavailable right now: use a fixed price or try again later.',
  notYourWallet: 'creatorWallet must be your own wallet.',
  notYourClaim: 'acceptorWallet must be your own wallet.',
  offerStatus: 'A new offer starts Active (status 0).',
  claimStatus: 'A claim starts In Progress (status 1).',
  claimMismatch: 'The claim does not match the offer',
  claimOwnOffer: CLAIM_OWN_OFFER,
  claimBlocked: 'You cannot trade with this user.',
  claimADeal: 'Only offers can be claimed, not deals.',
  offerNotActive: OFFER_NOT_ACTIVE,
  claimAmount: 'Enter an amount above 0',
  priceChanged: (price: string, total: string, fiat: string, token: string) =>
    `The price has changed to ${price} ${fiat} per ${token}: this claim now comes to ${total} ${fiat}. Check the new total and confirm again.`,
  accountTooNew: (days: number) => `Your account must be at least ${days} day${days === 1 ? '' : 's'} old to claim this offer.`,
  regionNotAllowed: 'This offer is not available in your country.',
  regionUnknown: 'This offer is limited to some countries and your country could not be determined from your connection.',
  onlyCancel:
    'Only cancelling (status 4) is done here; every other status change follows the escrow on chain and is made by the server.',
  cancelOfferNotCreator: 'Only the creator can cancel this offer.',
  cancelOfferNotActive: 'Only an active offer can be cancelled.',
  cancelDealNotParty: 'Only the two parties can cancel this deal.',
  cancelDealLocked:
    'The crypto is locked in escrow: the deal can only be cancelled on chain, by the fiat side (Cancel Deal in the chat).',
  cancelDealState: 'This deal can no longer be cancelled.',
  dealNotParty: 'Only the two parties of this deal and admins can see it.',
  userOrdersForbidden: "You can only list your own orders.",
  offerStatusNeedsOffers: 'OfferStatus filters offers: send it with Kind=offers.',
} as const;
