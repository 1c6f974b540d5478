import type { Currency } from '@jelly/contracts';
import currencyCodes from 'currency-codes';
import { countryName } from './countries.ts';

/**
 * ISO 4217 entries that are not fiat money people pay with: fund/accounting codes, precious metals,
 * bond-market units, SDR, regional clearing units, and the testing / "no currency" codes.
 */
const NON_FIAT_CODES = new Set([
  'BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW',
  'XAG', 'XAU', 'XPD', 'XPT',
  'XBA', 'XBB', 'XBC', 'XBD',
  'XDR', 'XSU', 'XUA',
  'XTS', 'XXX',
]);

/**
 * Main country of currencies whose code does not start with it. For every other code the first two
 * letters are the ISO 3166 country (USD → US, JPY → JP).
 */
const MAIN_COUNTRY: Record<string, string> = {
  EUR: 'EU',
  ANG: 'CW', // Curaçao
  XAF: 'CM', // CEMAC: Cameroon is its largest economy
  XOF: 'SN', // BCEAO is headquartered in Dakar
  XCD: 'KN', // ECCB is headquartered in Saint Kitts and Nevis
  XPF: 'PF', // French Polynesia
};

export const GENERIC_CURRENCY_ICON = '/api/assets/currencies/generic.svg';
export const flagIconUrl = (countryCode: string) => `/api/assets/flags/${countryCode}.svg`;

export function mainCountryOf(code: string): string {
  return MAIN_COUNTRY[code] ?? code.slice(0, 2);
}

/** Builds the catalogue entry; falls back to the generic icon when no flag is bundled for the country. */
export function toCatalogueCurrency(
  entry: { code: string; number: string; digits: number; currency: string },
  hasFlag: (countryCode: string) => boolean,
): Currency {
  const country = mainCountryOf(entry.code);
  const flagged = hasFlag(country);
  return {
    id: Number(entry.number),
    code: entry.code,
    name: entry.currency.trim(),
    icon: flagged ? flagIconUrl(country) : GENERIC_CURRENCY_ICON,
    countryCode: flagged ? country : null,
    countryName: flagged ? countryName(country) : null,
    digits: entry.digits,
  };
}

/** Every ISO 4217 fiat currency, sorted by code; entries with an empty name are dropped. */
export function listCurrencies(hasFlag: (countryCode: string) => boolean): Currency[] {
  return currencyCodes.data
    .filter((entry) => !NON_FIAT_CODES.has(entry.code) && entry.currency.trim() !== '')
    .map((entry) => toCatalogueCurrency(entry, hasFlag))
    .sort((a, b) => a.code.localeCompare(b.code));
}
