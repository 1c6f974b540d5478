/** The catalogues module's public surface: other modules and the app import it from here, never from its other files. */
export { listCountries } from './countries.ts';
export { listCurrencies } from './currencies.ts';
export { PAYMENT_METHODS } from './payment-methods.ts';
export { listCoins } from './list-coins.ts';
export { insertListedToken, updateListedToken } from './token-writes.ts';
export type { NewTokenRow, TokenChanges, TokenRow } from './token-writes.ts';
