import type { SwapRecord } from '@jelly/contracts';
import { ALREADY_SENT_REQUEST, SwapStatus } from '@jelly/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { shownAmount } from '../model/quoteFigures.ts';
import { SWAP_FAILED, SWAP_PENDING } from '../model/swapFailure.ts';
import styles from './Swap.module.css';
import { pagePaths } from '@jelly/contracts';

export interface SwapOutcomeProps {
  swap: SwapRecord;
  alreadySent: boolean;
  /** The transaction's page on the explorer. */
  explorerUrl: (txID: string) => string;
  onNewQuote: () => void;
}

/** What became of a submitted swap: pending until the chain shows it, then completed (with its txID) or failed. */
export function SwapOutcome({ swap, alreadySent, explorerUrl, onNewQuote }: SwapOutcomeProps) {
  const paid = shownAmount(swap.inAmount, { decimals: swap.inDecimals, symbol: swap.inSymbol });
  const received = shownAmount(swap.outAmount, { decimals: swap.outDecimals, symbol: swap.outSymbol });
  return (
    <div className={styles.panel} data-testid="swap-outcome" role="status" aria-live="polite">
      {alreadySent && <strong role="alert">{ALREADY_SENT_REQUEST}</strong>}
      {swap.status === SwapStatus.Processing && <strong>{SWAP_PENDING}</strong>}
      {swap.status === SwapStatus.Completed && (
        <strong>
          Swapped {paid} for {received}
        </strong>
      )}
      {swap.status === SwapStatus.Failed && (
        <>
          <strong>{SWAP_FAILED}</strong>
          {swap.failureReason && <span>{swap.failureReason}</span>}
        </>
      )}
      {swap.txID && (
        <span className={styles.tx}>
          Transaction:{' '}
          <a href={explorerUrl(swap.txID)} target="_blank" rel="noreferrer">
            {swap.txID.slice(0, 8)}…{swap.txID.slice(-6)}
          </a>
        </span>
      )}
      <span className={styles.outcomeLinks}>
        <Link to={pagePaths.swapChat(swap.id)}>Chat with the desk about swap #{swap.id}</Link>
      </span>
      {swap.status !== SwapStatus.Processing && <Button onClick={onNewQuote}>Get a new quote</Button>}
    </div>
  );
}
