import type { Coin, Country, Currency, PaymentMethod } from '@jelly/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fakeApi.ts';
import { renderWithStore } from '../../test/renderApp.tsx';
import { fakeApi } from '../../test/fakeApi.ts';
import { AssetPicker } from './AssetPicker.tsx';
import { CountriesModal, CountriesModalView } from './CountriesModal.tsx';
import { CurrencyPicker } from './CurrencyPicker.tsx';
import { PaymentMethodPicker } from './PaymentMethodPicker.tsx';

const methods: PaymentMethod[] = Array.from({ length: 25 }, (_, i) => ({ id: `method-${i + 1}`, name: `Method ${i + 1}` }));

/** jsdom does no layout: give the list the scroll geometry a browser would. */
function scrollList(list: HTMLElement, { scrollHeight, clientHeight, scrollTop }: { scrollHeight: number; clientHeight: number; scrollTop: number }) {
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: clientHeight });
  Object.defineProperty(list, 'scrollTop', { configurable: true, writable: true, value: scrollTop });
  fireEvent.scroll(list);
}

/** The text a screen reader announces: the option's text without the decorative (aria-hidden) parts. */
function spokenText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent ?? '';
}

const optionNames = (list: HTMLElement) => within(list).queryAllByRole('option').map(spokenText);

function MethodsHarness({ onChange }: { onChange?: (next: readonly PaymentMethod[]) => void }) {
  const [selected, setSelected] = useState<readonly PaymentMethod[]>([]);
  return (
    <PaymentMethodPicker
      methods={methods}
      selected={selected}
      onChange={(next) => {
        onChange?.(next);
        setSelected(next);
      }}
      onClose={() => undefined}
    />
  );
}

describe('payment method picker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows 10 first and 10 more 300 ms after a scroll within 100px of the end', () => {
    render(<MethodsHarness />);
    const list = screen.getByRole('listbox', { name: 'Payment methods' });
    expect(optionNames(list)).toHaveLength(10);

    // 101px from the end: nothing happens
    scrollList(list, { scrollHeight: 1000, clientHeight: 300, scrollTop: 599 });
    act(() => vi.advanceTimersByTime(1000));
    expect(optionNames(list)).toHaveLength(10);

    // exactly 100px from the end: the next 10 arrive after the delay, not before
    scrollList(list, { scrollHeight: 1000, clientHeight: 300, scrollTop: 600 });
    act(() => vi.advanceTimersByTime(299));
    expect(optionNames(list)).toHaveLength(10);
    act(() => vi.advanceTimersByTime(1));
    expect(optionNames(list)).toHaveLength(20);
    expect(optionNames(list)[19]).toBe('Method 20');

    scrollList(list, { scrollHeight: 2000, clientHeight: 300, scrollTop: 1700 });
    act(() => vi.advanceTimersByTime(300));
    expect(optionNames(list)).toHaveLength(25);
  });

  it('searches case-insensitively, restarts paging and says No results found', () => {
    render(<MethodsHarness />);
    const list = screen.getByRole('listbox', { name: 'Payment methods' });
    scrollList(list, { scrollHeight: 1000, clientHeight: 300, scrollTop: 700 });
    act(() => vi.advanceTimersByTime(300));
    expect(optionNames(list)).toHaveLength(20);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search payment method' }), { target: { value: 'METHOD 1' } });
    // Method 1 and Method 10–19: 11 hits, shown 10 at a time again
    expect(optionNames(list)).toHaveLength(10);
    expect(optionNames(list)[0]).toBe('Method 1');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search payment method' }), { target: { value: 'zelle' } });
    expect(within(list).getByText('No results found')).toBeInTheDocument();
    expect(optionNames(list)).toHaveLength(0);
  });

  it("shows '(up to 5 payment methods)', toggles, and ignores a sixth selection", () => {
    const onChange = vi.fn();
    render(<MethodsHarness onChange={onChange} />);
    expect(screen.getByText('(up to 5 payment methods)', { exact: false })).toBeInTheDocument();
    for (const n of [1, 2, 3, 4, 5, 6]) fireEvent.click(screen.getByRole('option', { name: `Method ${n}` }));
    expect(onChange).toHaveBeenCalledTimes(5);
    const selected = screen.getAllByRole('option', { selected: true }).map(spokenText);
    expect(selected).toEqual(['Method 1', 'Method 2', 'Method 3', 'Method 4', 'Method 5']);
    expect(screen.getByRole('option', { name: 'Method 6' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('5/5 selected')).toBeInTheDocument();

    // deselecting frees a slot
    fireEvent.click(screen.getByRole('option', { name: /Method 2/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Method 6' }));
    expect(screen.getByRole('option', { name: /Method 6/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Method 2' })).toHaveAttribute('aria-selected', 'false');
  });
});

const coins: Coin[] = [
  { symbol: 'SOL', name: 'Solana', mint: 'So11111111111111111111111111111111111111112', decimals: 9, isVerified: true, mintDevnet: null, icon: '/api/assets/coins/sol.svg' },
  { symbol: 'USDC', name: 'USD Coin', mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6, isVerified: true, mintDevnet: null, icon: '/api/assets/coins/usdc.svg' },
  { symbol: 'USDT', name: 'Tether USD', mint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', decimals: 6, isVerified: true, mintDevnet: null, icon: '' },
];

describe('asset picker', () => {
  it('searches by symbol or name, picks one and closes', () => {
    const onSelect = vi.fn();
    const onClose = vi.fn();
    render(<AssetPicker coins={coins} selectedMint={null} onSelect={onSelect} onClose={onClose} />);
    const search = screen.getByRole('searchbox', { name: 'Search asset by symbol or name' });
    fireEvent.change(search, { target: { value: 'tether' } });
    expect(screen.getByRole('option')).toHaveAccessibleName('USDT Tether USD');
    fireEvent.change(search, { target: { value: 'sol' } });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.click(screen.getByRole('option', { name: 'SOL Solana' }));
    expect(onSelect).toHaveBeenCalledWith(coins[0]);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the short mint beside every token another could be taken for, and only those', () => {
    const copy: Coin = { symbol: 'UЅDC', name: 'Jelly Dollar', mint: 'JeLLyCopy1111111111111111111111111111111111', decimals: 4, isVerified: false, mintDevnet: null, icon: '' };
    render(<AssetPicker coins={[...coins, copy]} selectedMint={null} onSelect={() => undefined} onClose={() => undefined} />);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(4);
    ['SOL Solana', 'USDC (EPjFWdd5…yTDt1v) USD Coin', 'USDT Tether USD', 'UЅDC (JeLLyCop…111111) Jelly Dollar'].forEach((name, i) =>
      expect(options[i]).toHaveAccessibleName(name),
    );
  });

  it('falls back to the default icon when an icon is missing or fails to load', () => {
    render(<AssetPicker coins={coins} selectedMint={coins[1]!.mint} onSelect={() => undefined} onClose={() => undefined} />);
    const usdc = screen.getByRole('option', { name: /USDC/ });
    expect(usdc).toHaveAttribute('aria-selected', 'true');
    const img = usdc.querySelector('img');
    expect(img).toHaveAttribute('src', '/api/assets/coins/usdc.svg');
    expect(within(usdc).queryByTestId('default-icon')).toBeNull();
    fireEvent.error(img!);
    expect(usdc.querySelector('img')).toBeNull();
    expect(within(usdc).getByTestId('default-icon')).toHaveTextContent('U');

    // no icon at all
    expect(within(screen.getByRole('option', { name: /USDT/ })).getByTestId('default-icon')).toBeInTheDocument();
  });

  it('shows Loading… while the catalogue loads and No results found for an empty one', () => {
    const { rerender } = render(<AssetPicker coins={[]} loading selectedMint={null} onSelect={() => undefined} onClose={() => undefined} />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    rerender(<AssetPicker coins={[]} selectedMint={null} onSelect={() => undefined} onClose={() => undefined} />);
    expect(screen.getByText('No results found')).toBeInTheDocument();
  });
});

describe('currency picker', () => {
  const currencies: Currency[] = [
    { id: 978, code: 'EUR', name: 'Euro', icon: '/api/assets/flags/EU.svg', countryCode: 'EU', countryName: 'European Union', digits: 2 },
    { id: 840, code: 'USD', name: 'US Dollar', icon: '/api/assets/flags/US.svg', countryCode: 'US', countryName: 'United States', digits: 2 },
    { id: 826, code: 'GBP', name: 'Pound Sterling', icon: '/api/assets/flags/GB.svg', countryCode: 'GB', countryName: 'United Kingdom', digits: 2 },
  ];

  it('searches by code or name', () => {
    const onSelect = vi.fn();
    render(<CurrencyPicker currencies={currencies} selectedCode="USD" onSelect={onSelect} onClose={() => undefined} />);
    const search = screen.getByRole('searchbox', { name: 'Search currency by code or name' });
    fireEvent.change(search, { target: { value: 'gbp' } });
    expect(screen.getByRole('option')).toHaveAccessibleName('GBP Pound Sterling');
    fireEvent.change(search, { target: { value: 'dollar' } });
    fireEvent.click(screen.getByRole('option', { name: /USD/ }));
    expect(onSelect).toHaveBeenCalledWith(currencies[1]);
  });
});

const countries: Country[] = Array.from({ length: 23 }, (_, i) => ({
  code: String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)),
  name: `Country ${String(i + 1).padStart(2, '0')}`,
}));
countries.push({ code: 'CY', name: 'Cyprus' });

function CountriesHarness({ list = countries }: { list?: Country[] }) {
  const [selected, setSelected] = useState<readonly string[]>([]);
  return (
    <>
      <output data-testid="selection">{selected.join(',')}</output>
      <CountriesModalView countries={list} selected={selected} onChange={setSelected} onClose={() => undefined} />
    </>
  );
}

describe('countries modal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is titled 'Select Country' with a 300px list, 'All Countries' first, then 10 countries per page", () => {
    render(<CountriesHarness />);
    expect(screen.getByRole('dialog', { name: 'Select Country' })).toBeInTheDocument();
    const list = screen.getByRole('listbox', { name: 'Countries' });
    expect(list.style.height).toBe('300px');
    const names = optionNames(list);
    expect(names[0]).toBe('All Countries');
    expect(names).toHaveLength(11);

    scrollList(list, { scrollHeight: 500, clientHeight: 300, scrollTop: 150 });
    act(() => vi.advanceTimersByTime(299));
    expect(optionNames(list)).toHaveLength(11);
    act(() => vi.advanceTimersByTime(1));
    expect(optionNames(list)).toHaveLength(21);
    scrollList(list, { scrollHeight: 900, clientHeight: 300, scrollTop: 550 });
    act(() => vi.advanceTimersByTime(300));
    expect(optionNames(list)).toHaveLength(25);
  });

  it('toggles a country, and ALL selects or clears every country', () => {
    render(<CountriesHarness />);
    const selection = screen.getByTestId('selection');
    fireEvent.click(screen.getByRole('option', { name: 'Country 02' }));
    expect(selection.textContent).toBe('AB');
    fireEvent.click(screen.getByRole('option', { name: 'Country 02' }));
    expect(selection.textContent).toBe('');

    fireEvent.click(screen.getByRole('option', { name: 'All Countries' }));
    expect(selection.textContent?.split(',')).toHaveLength(24);
    expect(screen.getByRole('option', { name: 'All Countries' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('option', { name: 'Country 03' }));
    expect(selection.textContent?.split(',')).toHaveLength(23);
    expect(screen.getByRole('option', { name: 'All Countries' })).toHaveAttribute('aria-selected', 'false');
    fireEvent.click(screen.getByRole('option', { name: 'All Countries' }));
    expect(selection.textContent?.split(',')).toHaveLength(24);
    fireEvent.click(screen.getByRole('option', { name: 'All Countries' }));
    expect(selection.textContent).toBe('');
  });

  it("searches case-insensitively on the name and shows 'No results found'", () => {
    render(<CountriesHarness />);
    const search = screen.getByRole('searchbox', { name: 'Search country' });
    fireEvent.change(search, { target: { value: 'cYpR' } });
    const list = screen.getByRole('listbox', { name: 'Countries' });
    expect(optionNames(list)).toEqual(['Cyprus']);
    // the code is not searched
    fireEvent.change(search, { target: { value: 'CY' } });
    expect(optionNames(list)).toEqual(['Cyprus']);
    fireEvent.change(search, { target: { value: 'AB' } });
    expect(optionNames(list)).toEqual([]);
    expect(within(list).getByText('No results found')).toBeInTheDocument();
  });
});

describe('countries modal on the API', () => {
  it('loads GET /platform/countries once', async () => {
    const api = fakeApi({ 'GET /api/platform/countries': () => json(200, [{ code: 'CY', name: 'Cyprus' }, { code: 'GR', name: 'Greece' }]) });
    renderWithStore(<CountriesModal selected={['GR']} onChange={() => undefined} onClose={() => undefined} />, { api });
    expect(await screen.findByRole('option', { name: 'Greece' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Cyprus' })).toHaveAttribute('aria-selected', 'false');
    expect(api.callsTo('GET /api/platform/countries')).toHaveLength(1);
  });
});
