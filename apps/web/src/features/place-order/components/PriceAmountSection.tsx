import type { Coin } from '@jelly/contracts';
import { formatDecimal, fromBaseUnits, OfferSide } from '@jelly/domain';
import type { BalanceState } from '../hooks/useTokenBalance.ts';
import type { DraftSectionProps } from './draftSection.ts';
import styles from './PlaceOrderForm.module.css';
import { TextField } from './TextField.tsx';

export interface PriceAmountSectionProps extends DraftSectionProps {
  /** For a Sell offer: the 'Insufficient … balance to sell …' message, when the wallet holds too little. */
  holdingsError: string | null;
  balance: BalanceState;
  /** The market price the floating price follows (fiat per token), null while unknown or unavailable. */
  marketPrice: string | null;
  /** The resulting offer price (fixed, or market × premium). */
  effectivePrice: string | null;
}

const price = (value: string) => formatDecimal(value, { minFractionDigits: 2, maxFractionDigits: 8 });

/** Fixed price or floating premium, the total amount (with a seller's holdings) and the per-deal limits. */
export function PriceAmountSection({ draft, dispatch, errors, holdingsError, balance, marketPrice, effectivePrice }: PriceAmountSectionProps) {
  const symbol = draft.asset?.symbol ?? 'token';
  const fiat = draft.fiat?.code ?? 'fiat';
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Price and amount</legend>
      <div className={styles.radios} role="radiogroup" aria-label="Price type">
        {(['fixed', 'floating'] as const).map((type) => (
          <label key={type} className={styles.radio}>
            <input type="radio" name="priceType" checked={draft.priceType === type} onChange={() => dispatch({ type: 'priceType', priceType: type })} />
            {type === 'fixed' ? 'Fixed' : 'Floating'}
          </label>
        ))}
      </div>
      <div className={styles.grid}>
        {draft.priceType === 'fixed' ? (
          <TextField
            label="Price"
            inputMode="decimal"
            value={draft.price}
            suffix={`${fiat} per ${symbol}`}
            error={errors.price}
            onChange={(value) => dispatch({ type: 'text', field: 'price', value })}
          />
        ) : (
          <TextField
            label="Premium (%)"
            inputMode="decimal"
            value={draft.premiumPercent}
            suffix="%"
            error={errors.premiumPercent}
            hint={
              <span data-testid="floating-price">
                {marketPrice
                  ? `Market price ${price(marketPrice)} ${fiat} · your price ${effectivePrice ? price(effectivePrice) : '—'} ${fiat}`
                  : draft.asset && draft.fiat
                    ? 'Looking up the market price…'
                    : 'Choose the asset and currency to see the market price'}
              </span>
            }
            onChange={(value) => dispatch({ type: 'premium', value })}
          />
        )}
        <TextField
          label="Total amount"
          inputMode="decimal"
          value={draft.totalAmount}
          suffix={symbol}
          error={errors.totalAmount ?? holdingsError ?? undefined}
          hint={draft.side === OfferSide.Sell ? <HoldingsLine balance={balance} asset={draft.asset} /> : undefined}
          onChange={(value) => dispatch({ type: 'text', field: 'totalAmount', value })}
        />
        <TextField
          label="Minimum limit"
          inputMode="decimal"
          placeholder="0.00"
          value={draft.fiatMin}
          suffix={fiat}
          error={errors.fiatMin}
          onChange={(value) => dispatch({ type: 'limit', field: 'fiatMin', value })}
        />
        <TextField
          label="Maximum limit"
          inputMode="decimal"
          placeholder="0.00"
          value={draft.fiatMax}
          suffix={fiat}
          error={errors.fiatMax}
          hint="Per deal, in fiat. Leave empty for no limit."
          onChange={(value) => dispatch({ type: 'limit', field: 'fiatMax', value })}
        />
      </div>
    </fieldset>
  );
}

function HoldingsLine({ balance, asset }: { balance: BalanceState; asset: Coin | null }) {
  if (!asset) return null;
  switch (balance.status) {
    case 'idle':
      return <>Connect your wallet to check your {asset.symbol} balance.</>;
    case 'loading':
      return <>Checking your {asset.symbol} balance…</>;
    case 'error':
      return <>{balance.message}</>;
    case 'ready':
      return (
        <span data-testid="holdings">
          Your balance: {formatDecimal(fromBaseUnits(balance.baseUnits, asset.decimals), { minFractionDigits: 2, maxFractionDigits: asset.decimals, grouping: true })}{' '}
          {asset.symbol}
        </span>
      );
  }
}
