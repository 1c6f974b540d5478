import { PickerIcon } from '../../../components/pickers/PickerIcon.tsx';
import type { JellyCoin } from '../api/contract.ts';
import { coinTitle } from '../model/coins.ts';
import styles from './CoinJelly.module.css';

/** Opens a currency-and-chain picker; shows the chosen coin and its chain. */
export function CoinButton({ label, coin, onOpen }: { label: string; coin: JellyCoin | null; onOpen: () => void }) {
  return (
    <button type="button" className={styles.coinButton} onClick={onOpen} aria-label={`${label}: ${coin ? coinTitle(coin) : 'choose a coin'}`}>
      {coin ? (
        <>
          <PickerIcon src={coin.iconSrc} label={coin.currency} />
          <span>
            {coin.currency} <span className={styles.chain}>({coin.chain})</span>
          </span>
        </>
      ) : (
        <span>Choose</span>
      )}
      <span aria-hidden="true">▾</span>
    </button>
  );
}
