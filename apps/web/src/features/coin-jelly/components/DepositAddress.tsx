import { depositAddressPreview } from '@jelly/domain';
import { CopyButton } from '../../../components/ui/CopyButton.tsx';
import styles from './CoinJelly.module.css';

/** The personal deposit address: the first 75% then an ellipsis (the full text for screen readers), and Copy. */
export function DepositAddress({ address }: { address: string }) {
  return (
    <div className={styles.address}>
      <code className={styles.addressText} title={address} aria-label={`Deposit address ${address}`} data-testid="deposit-address">
        {depositAddressPreview(address)}
      </code>
      <CopyButton value={address} label="Copy deposit address" />
    </div>
  );
}
