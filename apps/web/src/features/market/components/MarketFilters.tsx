import type { Coin, Currency, PaymentMethod } from '@jelly/contracts';
import { BUY_TOGGLE_TEXT, OfferSide, SELL_TOGGLE_TEXT, SortField, confusableMints } from '@jelly/domain';
import { tokenLabel } from '../../../lib/reference/tokenLabel.ts';
import { ALL, PAGE_SIZES, type ListingAction, type ListingState } from '../state/listingState.ts';
import styles from './MarketPage.module.css';

/** Sort choices: one control for field and direction (SortBy 0/1/2, Dir 1 descending / 0 ascending). */
export const SORT_OPTIONS = [
  { value: '0-1', label: 'Newest first', sortBy: SortField.CreatedAt, sortDir: 1 },
  { value: '0-0', label: 'Oldest first', sortBy: SortField.CreatedAt, sortDir: 0 },
  { value: '1-0', label: 'Price: low to high', sortBy: SortField.Price, sortDir: 0 },
  { value: '1-1', label: 'Price: high to low', sortBy: SortField.Price, sortDir: 1 },
  { value: '2-1', label: 'Amount: high to low', sortBy: SortField.Amount, sortDir: 1 },
  { value: '2-0', label: 'Amount: low to high', sortBy: SortField.Amount, sortDir: 0 },
] as const;

export interface MarketFiltersProps {
  state: ListingState;
  dispatch: (action: ListingAction) => void;
  coins: readonly Coin[];
  currencies: readonly Currency[];
  paymentMethods: readonly PaymentMethod[];
}

/** The market's filters: type toggle, Transaction Price, Currency, All ways of payment, sorting. */
export function MarketFilters({ state, dispatch, coins, currencies, paymentMethods }: MarketFiltersProps) {
  const confusable = confusableMints(coins);
  const label = (coin: Coin) => tokenLabel(coin, confusable);
  return (
    <div className={styles.filters}>
      <div className={styles.toggle} role="group" aria-label="Offer type">
        {[
          { side: OfferSide.Buy, text: BUY_TOGGLE_TEXT },
          { side: OfferSide.Sell, text: SELL_TOGGLE_TEXT },
        ].map(({ side, text }) => (
          <button
            key={side}
            type="button"
            aria-pressed={state.side === side}
            className={`${styles.toggleButton} ${state.side === side ? styles.toggleActive : ''}`}
            onClick={() => dispatch({ type: 'side', side })}
          >
            {text}
          </button>
        ))}
      </div>

      <label className={styles.field}>
        <span>Asset</span>
        <select className={styles.control} value={state.currentCoin} onChange={(event) => dispatch({ type: 'coin', mint: event.target.value })}>
          <option value={ALL}>All</option>
          {coins.map((coin) => (
            <option key={coin.mint} value={coin.mint}>
              {label(coin)}
            </option>
          ))}
        </select>
      </label>

      <label className={styles.field}>
        <span>Transaction Price</span>
        <input
          className={styles.control}
          inputMode="decimal"
          placeholder="2000"
          autoComplete="off"
          value={state.priceFrom}
          onChange={(event) => dispatch({ type: 'priceFrom', text: event.target.value })}
        />
      </label>

      <label className={styles.field}>
        <span>Currency</span>
        <select className={styles.control} value={state.currentCurrency} onChange={(event) => dispatch({ type: 'currency', code: event.target.value })}>
          <option value={ALL}>All</option>
          {currencies.map((currency) => (
            <option key={currency.code} value={currency.code}>
              {currency.code} — {currency.name}
            </option>
          ))}
        </select>
      </label>

      <label className={styles.field}>
        <span>Payment</span>
        <select
          className={styles.control}
          aria-label="All ways of payment"
          value={state.currentPayment}
          onChange={(event) => dispatch({ type: 'payment', id: event.target.value })}
        >
          <option value={ALL}>All ways of payment</option>
          {paymentMethods.map((method) => (
            <option key={method.id} value={method.id}>
              {method.name}
            </option>
          ))}
        </select>
      </label>

      <label className={styles.field}>
        <span>Sort by</span>
        <select
          className={styles.control}
          value={`${state.sortBy}-${state.sortDir}`}
          onChange={(event) => {
            const option = SORT_OPTIONS.find((o) => o.value === event.target.value);
            if (option) dispatch({ type: 'sort', sortBy: option.sortBy, sortDir: option.sortDir });
          }}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>

      <label className={styles.field}>
        <span>Per page</span>
        <select className={styles.control} value={state.size} onChange={(event) => dispatch({ type: 'size', size: Number(event.target.value) })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
