import type { Coin, SwapQuote } from '@jelly/contracts';
import { Button } from '../../../components/ui/Button.tsx';
import { formatTimeLeft } from '../../../lib/time/countdown.ts';
import type { QuoteClock } from '../model/quoteClock.ts';
import { priceSourceText, quoteRates, shownAmount } from '../model/quoteFigures.ts';
import type { SwapFailure } from '../model/swapFailure.ts';
import styles from './Swap.module.css';

export type QuoteView =
  | { state: 'signedOut' }
  | { state: 'noAmount' }
  | { state: 'loading' }
  | { state: 'failed'; failure: SwapFailure }
  | { state: 'ready'; quote: SwapQuote; clock: QuoteClock };

export interface QuotePanelProps {
  view: QuoteView;
  input: Coin;
  output: Coin;
  now: Date;
  onRequote: () => void;
  onConnectWallet?: () => void;
}

/**
 * The desk's firm quote: what arrives (also the minimum received: a firm quote has no slippage), the rate both ways,
 * the fee, where the price comes from and how old it is, and the time left until the quote expires.
 */
export function QuotePanel({ view, input, output, now, onRequote, onConnectWallet }: QuotePanelProps) {
  if (view.state === 'signedOut') {
    return (
      <div className={styles.panel} data-testid="quote-panel">
        <p>Connect your wallet to get a quote.</p>
        {onConnectWallet && <Button onClick={onConnectWallet}>Connect Wallet</Button>}
      </div>
    );
  }
  if (view.state === 'noAmount') {
    return (
      <div className={styles.panel} data-testid="quote-panel">
        <p className={styles.muted}>Enter an amount to see the desk's quote.</p>
      </div>
    );
  }
  if (view.state === 'loading') {
    return (
      <div className={styles.panel} data-testid="quote-panel" role="status" aria-busy="true">
        <p className={styles.muted}>Getting a quote…</p>
      </div>
    );
  }
  if (view.state === 'failed') return <FailurePanel failure={view.failure} onRequote={onRequote} />;

  const { quote, clock } = view;
  const left = clock.expiresAtMs - now.getTime();
  if (left <= 0) {
    return (
      <div className={styles.panel} data-testid="quote-panel" role="alert">
        <strong>This quote has expired.</strong>
        <Button onClick={onRequote}>Get a new quote</Button>
      </div>
    );
  }
  const rates = quoteRates(quote, input, output);
  const feeCoin = quote.platformFee.feeMint === input.mint ? input : output;
  return (
    <dl className={styles.panel} data-testid="quote-panel" aria-label="Quote">
      <Row term="You receive" value={shownAmount(quote.outAmount, output)} strong />
      {rates && <Row term="Rate" value={rates.forward} />}
      {rates && <Row term="Inverse rate" value={rates.backward} />}
      <Row term="Fee" value={`${shownAmount(quote.platformFee.amount, feeCoin)} (${(quote.feeBps / 100).toFixed(2)}%)`} />
      <Row term="Price source" value={priceSourceText(quote.source, clock.publishedAtMs, now)} />
      <Row term="Minimum received" value={shownAmount(quote.otherAmountThreshold, output)} />
      <Row term="Quote expires in" value={<span role="timer">{formatTimeLeft(left)}</span>} />
    </dl>
  );
}

function Row({ term, value, strong = false }: { term: string; value: React.ReactNode; strong?: boolean }) {
  return (
    <div className={styles.quoteRow}>
      <dt>{term}</dt>
      <dd className={strong ? styles.strong : undefined}>{value}</dd>
    </div>
  );
}

/** A failure says what happened and offers a fresh quote. */
export function FailurePanel({ failure, onRequote }: { failure: SwapFailure; onRequote: () => void }) {
  return (
    <div className={styles.panel} data-testid="quote-panel" role="alert">
      <strong>{failure.title}</strong>
      {failure.detail && failure.detail !== failure.title && <span>{failure.detail}</span>}
      <Button onClick={onRequote}>Get a new quote</Button>
    </div>
  );
}
