import type { Country } from '@jelly/contracts';
import { ALL_COUNTRIES, ALL_COUNTRIES_CODE, COUNTRIES_PAGE_SIZE, LOADING, NO_RESULTS_FOUND, SELECT_COUNTRY, searchCountries, toggleAllCountries, toggleCountry } from '@jelly/domain';
import { COUNTRIES_LIST_HEIGHT_PX, COUNTRIES_LOAD_DELAY_MS, COUNTRIES_SCROLL_TRIGGER_PX } from '../../lib/ui/constants.ts';
import { useId, useMemo, useState } from 'react';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useCountriesQuery } from './countriesApi.ts';
import styles from './pickers.module.css';
import { useIncrementalCount } from './useIncrementalCount.ts';

export interface CountriesModalProps {
  /** Selected ISO 3166-1 alpha-2 codes. */
  selected: readonly string[];
  onChange: (selected: readonly string[]) => void;
  onClose: () => void;
}

/** The countries modal wired to GET /platform/countries. */
export function CountriesModal(props: CountriesModalProps) {
  const { data, isLoading, isError } = useCountriesQuery();
  return <CountriesModalView {...props} countries={data ?? []} loading={isLoading} failed={isError} />;
}

export interface CountriesModalViewProps extends CountriesModalProps {
  countries: readonly Country[];
  loading?: boolean;
  failed?: boolean;
}

/**
 * Countries modal: 'Select Country', a case-insensitive search on the country name, a 300px list
 * with 'All Countries' first, 10 more entries on scroll near the bottom (300 ms), toggle per country, ALL
 * selects or clears every country, 'No results found'.
 */
export function CountriesModalView({ countries, loading = false, failed = false, selected, onChange, onClose }: CountriesModalViewProps) {
  const [query, setQuery] = useState('');
  const listId = useId();
  const hits = useMemo(() => searchCountries(countries, query), [countries, query]);
  const showAll = hits.length > 0 && (query.trim() === '' || searchCountries([{ code: ALL_COUNTRIES_CODE, name: ALL_COUNTRIES }], query).length > 0);
  const { visible, loadingMore, onScroll } = useIncrementalCount(hits.length, {
    initial: COUNTRIES_PAGE_SIZE,
    step: COUNTRIES_PAGE_SIZE,
    delayMs: COUNTRIES_LOAD_DELAY_MS,
    triggerPx: COUNTRIES_SCROLL_TRIGGER_PX,
    resetKey: query,
  });
  const everySelected = countries.length > 0 && countries.every((c) => selected.includes(c.code));

  return (
    <Modal title={SELECT_COUNTRY} onClose={onClose}>
      <input
        type="search"
        className={styles.search}
        placeholder="Search country"
        aria-label="Search country"
        aria-controls={listId}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Countries"
        aria-multiselectable="true"
        aria-busy={loading || loadingMore}
        className={styles.list}
        style={{ height: COUNTRIES_LIST_HEIGHT_PX, maxHeight: COUNTRIES_LIST_HEIGHT_PX }}
        onScroll={onScroll}
        data-testid="countries-list"
      >
        {loading ? (
          <p className={styles.status}>{LOADING}</p>
        ) : failed ? (
          <p className={styles.status} role="alert">
            Countries could not be loaded. Close and try again.
          </p>
        ) : hits.length === 0 ? (
          <p className={styles.status}>{NO_RESULTS_FOUND}</p>
        ) : (
          <>
            {showAll && (
              <CountryOption
                label={ALL_COUNTRIES}
                selected={everySelected}
                onToggle={() => onChange(toggleAllCountries(selected, countries))}
              />
            )}
            {hits.slice(0, visible).map((country) => (
              <CountryOption
                key={country.code}
                label={country.name}
                selected={selected.includes(country.code)}
                onToggle={() => onChange(toggleCountry(selected, country.code))}
              />
            ))}
            {loadingMore && <p className={styles.status}>{LOADING}</p>}
          </>
        )}
      </div>
      <div className={styles.footer}>
        <span className={styles.count} aria-live="polite">
          {everySelected ? ALL_COUNTRIES : `${selected.length} selected`}
        </span>
        <Button onClick={onClose}>Done</Button>
      </div>
    </Modal>
  );
}

function CountryOption({ label, selected, onToggle }: { label: string; selected: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      role="option"
      aria-selected={selected}
      className={`${styles.option} ${selected ? styles.optionSelected : ''}`}
      onClick={onToggle}
    >
      <span className={styles.checkbox} aria-hidden="true">
        {selected ? '✓' : ''}
      </span>
      <span className={styles.optionLabel}>{label}</span>
    </button>
  );
}
