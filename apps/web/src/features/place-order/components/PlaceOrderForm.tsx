import type { Coin, Currency, PaymentMethod } from '@jelly/contracts';
import {
  ALL_COUNTRIES,
  confusableMints,
  formatDecimal,
  fromBaseUnits,
  MAX_PAYMENT_METHODS,
  OfferSide,
  PAYMENT_METHODS_LIMIT_LABEL,
  PROCESSING,
} from '@jelly/domain';
import { useId, useState, type Dispatch, type FormEvent } from 'react';
import { AssetPicker } from '../../../components/pickers/AssetPicker.tsx';
import { CountriesModal } from '../../../components/pickers/CountriesModal.tsx';
import { CurrencyPicker } from '../../../components/pickers/CurrencyPicker.tsx';
import { PaymentMethodPicker } from '../../../components/pickers/PaymentMethodPicker.tsx';
import { PickerIcon } from '../../../components/pickers/PickerIcon.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { tokenLabel } from '../../../lib/reference/tokenLabel.ts';
import type { BalanceState } from '../hooks/useTokenBalance.ts';
import { PAYMENT_TIME_LIMITS, type DraftAction, type DraftErrors, type PlaceOrderDraft } from '../state/draft.ts';
import { PaymentDetailsFields } from './PaymentDetailsFields.tsx';
import { PickerField } from './PickerField.tsx';
import styles from './PlaceOrderForm.module.css';
import { TextField } from './TextField.tsx';

type OpenPicker = 'asset' | 'fiat' | 'methods' | 'regions' | null;

export interface Catalogue<T> {
  items: readonly T[];
  loading: boolean;
  error: string | null;
}

export interface PlaceOrderFormProps {
  draft: PlaceOrderDraft;
  dispatch: Dispatch<DraftAction>;
  /** Shown once the user tried to submit (the rules are the same as the server's). */
  errors: DraftErrors;
  /** For a Sell offer: the 'Insufficient … balance to sell …' message, when the wallet holds too little. */
  holdingsError: string | null;
  balance: BalanceState;
  coins: Catalogue<Coin>;
  currencies: Catalogue<Currency>;
  paymentMethods: Catalogue<PaymentMethod>;
  /** Number of countries in the catalogue (to tell 'All Countries' apart). */
  countryCount: number;
  /** The market price the floating price follows (fiat per token), null while unknown or unavailable. */
  marketPrice: string | null;
  /** The resulting offer price (fixed, or market × premium). */
  effectivePrice: string | null;
  submitting: boolean;
  onSubmit: () => void;
}

const price = (value: string) => formatDecimal(value, { minFractionDigits: 2, maxFractionDigits: 8 });

/** /p2p: every field of the place-order draft. */
export function PlaceOrderForm(props: PlaceOrderFormProps) {
  const { draft, dispatch, errors, coins, currencies, paymentMethods, submitting } = props;
  const [open, setOpen] = useState<OpenPicker>(null);
  const [tagText, setTagText] = useState('');
  const tagsId = useId();
  const windowId = useId();
  const symbol = draft.asset?.symbol ?? 'token';
  const assetLabel = draft.asset ? tokenLabel(draft.asset, confusableMints(coins.items)) : null;
  const fiat = draft.fiat?.code ?? 'fiat';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const addTag = () => {
    dispatch({ type: 'addTag', tag: tagText });
    setTagText('');
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Create order">
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Offer</legend>
        <div className={styles.toggle} role="group" aria-label="Order type">
          {[OfferSide.Buy, OfferSide.Sell].map((side) => (
            <button
              key={side}
              type="button"
              aria-pressed={draft.side === side}
              className={`${styles.toggleButton} ${draft.side === side ? styles.toggleActive : ''}`}
              onClick={() => dispatch({ type: 'side', side })}
            >
              {side === OfferSide.Buy ? 'Buy' : 'Sell'}
            </button>
          ))}
        </div>
        <p className={styles.hint}>
          {draft.side === OfferSide.Buy
            ? 'You pay fiat; the seller who takes your offer locks the crypto in escrow.'
            : 'You sell crypto; you lock it in escrow when a buyer takes your offer.'}
        </p>

        <div className={styles.grid}>
          <PickerField
            label="Asset"
            value={
              draft.asset ? (
                <>
                  <PickerIcon src={draft.asset.icon} label={draft.asset.symbol} size={20} /> {assetLabel}
                </>
              ) : (
                'Select asset'
              )
            }
            error={errors.asset}
            onOpen={() => setOpen('asset')}
          />
          <PickerField
            label="Currency"
            value={
              draft.fiat ? (
                <>
                  <PickerIcon src={draft.fiat.icon} label={draft.fiat.code} size={20} /> {draft.fiat.code}
                </>
              ) : (
                'Select currency'
              )
            }
            error={errors.fiat}
            onOpen={() => setOpen('fiat')}
          />
        </div>
      </fieldset>

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
                  {props.marketPrice
                    ? `Market price ${price(props.marketPrice)} ${fiat} · your price ${props.effectivePrice ? price(props.effectivePrice) : '—'} ${fiat}`
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
            error={errors.totalAmount ?? props.holdingsError ?? undefined}
            hint={draft.side === OfferSide.Sell ? <HoldingsLine balance={props.balance} asset={draft.asset} /> : undefined}
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

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Payment</legend>
        <PickerField
          label="Payment methods"
          value={draft.paymentMethods.length === 0 ? 'Add payment methods' : `${draft.paymentMethods.length} of ${MAX_PAYMENT_METHODS} selected`}
          hint={PAYMENT_METHODS_LIMIT_LABEL}
          error={errors.paymentMethods}
          onOpen={() => setOpen('methods')}
        />
        {draft.paymentMethods.length > 0 && (
          <ul className={styles.chips} aria-label="Selected payment methods">
            {draft.paymentMethods.map((method) => (
              <li key={method.id}>
                {method.name}
                <button type="button" aria-label={`Remove ${method.name}`} onClick={() => dispatch({ type: 'togglePaymentMethod', method })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {draft.side === OfferSide.Sell && <PaymentDetailsFields draft={draft} dispatch={dispatch} />}
        <div className={styles.field}>
          <label htmlFor={windowId} className={styles.label}>
            Payment time limit
          </label>
          <select
            id={windowId}
            className={styles.input}
            value={draft.paymentTimeLimit}
            onChange={(event) => dispatch({ type: 'paymentTimeLimit', minutes: Number(event.target.value) })}
          >
            {PAYMENT_TIME_LIMITS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} min
              </option>
            ))}
          </select>
          {errors.paymentTimeLimit && <span className={styles.error}>{errors.paymentTimeLimit}</span>}
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Terms</legend>
        <div className={styles.field}>
          <label htmlFor={tagsId} className={styles.label}>
            Tags
          </label>
          <div className={styles.inputRow}>
            <input
              id={tagsId}
              className={styles.input}
              value={tagText}
              placeholder="e.g. fast release"
              maxLength={32}
              onChange={(event) => setTagText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ',') {
                  event.preventDefault();
                  addTag();
                }
              }}
            />
            <Button variant="secondary" size="small" onClick={addTag} disabled={!tagText.trim()}>
              Add tag
            </Button>
          </div>
          {draft.tags.length > 0 && (
            <ul className={styles.chips} aria-label="Tags">
              {draft.tags.map((tag) => (
                <li key={tag}>
                  {tag}
                  <button type="button" aria-label={`Remove tag ${tag}`} onClick={() => dispatch({ type: 'removeTag', tag })}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <TextField label="Description" multiline value={draft.description} maxLength={2000} onChange={(value) => dispatch({ type: 'description', value })} />
        <TextField
          label="Auto reply"
          multiline
          value={draft.autoReply}
          maxLength={500}
          hint="Sent in the deal chat when someone takes your offer."
          onChange={(value) => dispatch({ type: 'autoReply', value })}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Who can take it</legend>
        <PickerField label="Regions" value={regionsLabel(draft.regions.length, props.countryCount)} onOpen={() => setOpen('regions')} />
        <TextField
          label="Minimum account age (days)"
          inputMode="numeric"
          value={draft.counterParty.minAccountAgeDays}
          hint="Counterparties whose account is younger cannot take this offer."
          onChange={(value) => dispatch({ type: 'minAccountAgeDays', value })}
        />
      </fieldset>

      <div className={styles.submitRow}>
        <Button type="submit" size="large" disabled={submitting} aria-busy={submitting}>
          {submitting ? PROCESSING : 'Create order'}
        </Button>
      </div>

      {open === 'asset' && (
        <AssetPicker
          coins={coins.items}
          loading={coins.loading}
          error={coins.error}
          selectedMint={draft.asset?.mint ?? null}
          onSelect={(asset) => dispatch({ type: 'asset', asset })}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'fiat' && (
        <CurrencyPicker
          currencies={currencies.items}
          loading={currencies.loading}
          error={currencies.error}
          selectedCode={draft.fiat?.code ?? null}
          onSelect={(fiat) => dispatch({ type: 'fiat', fiat })}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'methods' && (
        <PaymentMethodPicker
          methods={paymentMethods.items}
          loading={paymentMethods.loading}
          error={paymentMethods.error}
          selected={draft.paymentMethods}
          onChange={(methods) => dispatch({ type: 'paymentMethods', methods })}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'regions' && <CountriesModal selected={draft.regions} onChange={(codes) => dispatch({ type: 'regions', codes })} onClose={() => setOpen(null)} />}
    </form>
  );
}

function regionsLabel(selected: number, all: number): string {
  if (selected === 0 || (all > 0 && selected >= all)) return ALL_COUNTRIES;
  return `${selected} ${selected === 1 ? 'country' : 'countries'}`;
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
