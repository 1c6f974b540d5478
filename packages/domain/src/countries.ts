/** Countries modal selection: toggle one, 'ALL' selects or clears every country, search. */

export const ALL_COUNTRIES_CODE = 'ALL';

export interface CountryRef {
  readonly code: string;
  readonly name: string;
}

/** Toggles one country code; never mutates. */
export function toggleCountry(selected: readonly string[], code: string): readonly string[] {
  return selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code];
}

/** 'ALL': selects every country, or clears the selection when every country is already selected. */
export function toggleAllCountries(selected: readonly string[], all: readonly CountryRef[]): readonly string[] {
  const everySelected = all.length > 0 && all.every((c) => selected.includes(c.code));
  return everySelected ? [] : all.map((c) => c.code);
}

/** Case-insensitive search on the country name. */
export function searchCountries<T extends CountryRef>(countries: readonly T[], query: string): readonly T[] {
  const q = query.trim().toLowerCase();
  return q ? countries.filter((c) => c.name.toLowerCase().includes(q)) : countries;
}
