/** Offer sides, sort fields and their labels. */

export const OfferSide = { Sell: 0, Buy: 1 } as const;
export type OfferSide = (typeof OfferSide)[keyof typeof OfferSide];

export function isOfferSide(value: unknown): value is OfferSide {
  return value === 0 || value === 1;
}

/** 'Buy' | 'Sell' as shown in the Confirm Operation Type row. */
export function offerSideLabel(side: OfferSide): 'Buy' | 'Sell' {
  return side === OfferSide.Buy ? 'Buy' : 'Sell';
}

/** Admin order-chat Side column: BUY when offerSide is 1, else SELL. */
export function adminSideLabel(offerSide: number): 'BUY' | 'SELL' {
  return offerSide === OfferSide.Buy ? 'BUY' : 'SELL';
}

export const SortField = { CreatedAt: 0, Price: 1, Amount: 2 } as const;
export type SortField = (typeof SortField)[keyof typeof SortField];
export type SortFieldName = keyof typeof SortField;

export function isSortField(value: unknown): value is SortField {
  return value === 0 || value === 1 || value === 2;
}

/** Public offers page type toggle texts. */
export const BUY_TOGGLE_TEXT = 'I want to buy';
export const SELL_TOGGLE_TEXT = 'I want to sell';
