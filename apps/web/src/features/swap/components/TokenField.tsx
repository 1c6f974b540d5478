import type { Coin } from '@jelly/contracts';
import { DECIMAL_INPUT_PATTERN } from '@jelly/domain';
import { useId } from 'react';
import { PickerIcon } from '../../../components/pickers/index.ts';
import { exactAmount } from '../model/quoteFigures.ts';
import styles from './Swap.module.css';

export interface TokenFieldProps {
  label: string;
  coin: Coin | undefined;
  /** Base units in the wallet, null while unknown or signed out. */
  balance: bigint | null;
  onPickToken: () => void;
  /** The pay side: an editable amount with Max. */
  amount?: { text: string; onChange: (text: string) => void; onMax: (() => void) | null };
  /** The receive side: the quoted amount, read-only. */
  quoted?: string | null;
}

/** One side of the swap: its token (opens the selectCrypto picker), the amount and the wallet's balance of it. */
export function TokenField({ label, coin, balance, onPickToken, amount, quoted }: TokenFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <div className={styles.fieldHead}>
        <label htmlFor={id}>{label}</label>
        <span className={styles.muted}>
          Balance: {coin && balance !== null ? `${exactAmount(balance, coin.decimals)} ${coin.symbol}` : '—'}
        </span>
      </div>
      <div className={styles.fieldBody}>
        <button type="button" className={styles.tokenButton} onClick={onPickToken} aria-label={`${label}: ${coin?.symbol ?? 'choose token'}`}>
          {coin && <PickerIcon src={coin.icon} label={coin.symbol} />}
          <span>{coin?.symbol ?? 'Select'}</span>
          <span aria-hidden="true">▾</span>
        </button>
        {amount ? (
          <input
            id={id}
            className={styles.amount}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amount.text}
            onChange={(event) => {
              const text = event.target.value.replace(',', '.');
              if (DECIMAL_INPUT_PATTERN.test(text)) amount.onChange(text);
            }}
          />
        ) : (
          <output id={id} className={styles.amount} aria-live="polite">
            {quoted ?? '0.00'}
          </output>
        )}
        {amount?.onMax && (
          <button type="button" className={styles.max} onClick={amount.onMax}>
            Max
          </button>
        )}
      </div>
    </div>
  );
}
