import { listCountries, listCurrencies, PAYMENT_METHODS } from '../catalogues/index.ts';

const FIAT_CODES = new Set(listCurrencies(() => false).map((c) => c.code));
const COUNTRY_CODES = new Set(listCountries().map((c) => c.code));
const PAYMENT_METHOD_IDS = new Set(PAYMENT_METHODS.map((m) => m.id));

/** The same catalogues GET /payments and /platform/countries serve. */
export const isKnownFiat = (code: string) => FIAT_CODES.has(code);
export const isKnownCountry = (code: string) => COUNTRY_CODES.has(code);
export const isKnownPaymentMethod = (id: string) => PAYMENT_METHOD_IDS.has(id);
