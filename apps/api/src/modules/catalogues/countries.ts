import type { Country } from '@jelly/contracts';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(english);

const EXTRA_NAMES: Record<string, string> = { EU: 'European Union' };

export function countryName(code: string): string | null {
  return countries.getName(code, 'en', { select: 'official' }) ?? EXTRA_NAMES[code] ?? null;
}

/** ISO 3166-1 alpha-2 countries with English names, sorted by name. */
export function listCountries(): Country[] {
  const names = countries.getNames('en', { select: 'official' });
  return Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
