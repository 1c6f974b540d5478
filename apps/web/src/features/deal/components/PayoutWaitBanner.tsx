import type { OrderDetails } from '@jelly/contracts';
import { PROCESSING, cryptoSideWallet, fiatSideWallet } from '@jelly/domain';
import { Button } from '../../../components/ui/Button.tsx';
import styles from './PayoutWaitBanner.module.css';

export const REFUND_WAITING = 'Your refund is waiting — receive it';
export const TOKENS_WAITING = 'Your tokens are waiting — receive them';

export interface PayoutWaitBannerProps {
  deal: OrderDetails;
  viewer: string | null;
  /** The Receive action is under way. */
  busy: boolean;
  /** Another action of the page is under way (one at a time). */
  disabled: boolean;
  onReceive: () => void;
}

/**
 * A refund or release that waits for its recipient's token account. The recipient reads what waits and gets the one
 * button that opens the account from their own wallet; anyone else reads, calmly, that it waits for the other party.
 */
export function PayoutWaitBanner({ deal, viewer, busy, disabled, onReceive }: PayoutWaitBannerProps) {
  const wait = deal.waitingForAccount;
  if (!wait) return null;
  const refund = wait.recipient === 'seller';
  const recipient = refund ? cryptoSideWallet(deal) : fiatSideWallet(deal);
  const symbol = deal.tokenName;
  if (!recipient || recipient !== viewer) {
    return (
      <section className={styles.banner} aria-label="Payout waiting" data-testid="payout-wait">
        <p className={styles.line}>
          {refund ? 'The refund' : 'The tokens'} wait{refund ? 's' : ''} in escrow for the {wait.recipient} to open their {symbol} account; they
          are sent as soon as the {wait.recipient} does. Nothing to do on your side.
        </p>
      </section>
    );
  }
  return (
    <section className={styles.banner} aria-label="Payout waiting" data-testid="payout-wait">
      <div className={styles.text}>
        <h2 className={styles.title}>{refund ? REFUND_WAITING : TOKENS_WAITING}</h2>
        <p className={styles.line}>
          {refund ? 'Your refund' : 'The tokens released to you'} wait{refund ? 's' : ''} safely in escrow: your wallet has no {symbol} account
          yet. Receive opens it from your wallet (about 0.002 SOL of rent) and the tokens follow within seconds.
        </p>
      </div>
      <Button onClick={onReceive} disabled={disabled} aria-busy={busy}>
        {busy ? PROCESSING : 'Receive'}
      </Button>
    </section>
  );
}
