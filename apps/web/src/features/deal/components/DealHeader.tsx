import type { OrderDetails, RatingSummary } from '@jelly/contracts';
import {
  avatarLetters,
  counterpartyWallet,
  dealRoleOf,
  fiatCentsForBaseUnits,
  formatCents,
  formatDisplayAmount,
  fromBaseUnits,
  orderStatusLabel,
  countdownRuns,
  PROCESSING,
  shortenWallet,
  tradesSummary,
  type DealActions,
} from '@jelly/domain';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import type { DealActionKind } from '../actions/dealAction.ts';
import styles from './DealHeader.module.css';
import { PaymentCountdown } from './PaymentCountdown.tsx';
import { pagePaths } from '@jelly/contracts';

export interface DealHeaderProps {
  deal: OrderDetails;
  viewer: string | null;
  /** The counterparty's rating summary, once loaded. */
  summary: RatingSummary | undefined;
  actions: DealActions;
  busy: DealActionKind | null;
  onAction: (kind: DealActionKind) => void;
  /** Report / Block the counterparty (opens its modal); without them, or for a viewer who is not a party, hidden. */
  onReport?: (wallet: string) => void;
  onBlock?: (wallet: string) => void;
  /** Under the figures: asking for, or answering a request for, more time on the payment window. */
  windowControls?: ReactNode;
}

/**
 * The deal chat header: the counterparty (avatar, shortened wallet, 'N Trades | Mon
 * YYYY'), the deal's figures and status with the payment countdown, and the actions this viewer may take.
 */
export function DealHeader({ deal, viewer, summary, actions, busy, onAction, onReport, onBlock, windowControls }: DealHeaderProps) {
  const partyCounterparty = counterpartyWallet(deal, viewer);
  const counterparty = partyCounterparty ?? deal.creatorWallet;
  const role = dealRoleOf(deal, viewer);
  const tokens = formatDisplayAmount(fromBaseUnits(BigInt(deal.amount), deal.tokenDecimal));
  const cents = deal.fiatAmountCents === null ? fiatCentsForBaseUnits(BigInt(deal.amount), deal.tokenDecimal, deal.price) : BigInt(deal.fiatAmountCents);
  const heading = role === 'fiat' ? `Buy ${deal.tokenName}` : role === 'crypto' ? `Sell ${deal.tokenName}` : `Deal #${deal.orderId}`;

  const button = (kind: DealActionKind, label: string, variant: 'primary' | 'secondary' | 'danger' | 'warning') => (
    <Button
      variant={variant}
      size="small"
      disabled={busy !== null}
      aria-busy={busy === kind}
      onClick={() => onAction(kind)}
    >
      {busy === kind ? PROCESSING : label}
    </Button>
  );

  return (
    <header className={styles.header} aria-label="Deal details">
      <div className={styles.counterparty}>
        <span className={styles.avatar} aria-hidden="true">
          {avatarLetters(counterparty)}
        </span>
        <div>
          <Link to={pagePaths.trader(counterparty)} className={styles.wallet} title={counterparty} data-testid="deal-counterparty">
            {shortenWallet(counterparty)}
          </Link>
          <p className={styles.trades} data-testid="deal-counterparty-trades">
            {summary ? tradesSummary(summary.completedDeals, summary.accountCreatedAt) : '\u00a0'}
          </p>
          {partyCounterparty && (onReport || onBlock) && (
            <div className={styles.counterpartyActions} role="group" aria-label="Counterparty actions">
              {onReport && (
                <button type="button" className={styles.textButton} onClick={() => onReport(partyCounterparty)}>
                  Report
                </button>
              )}
              {onBlock && (
                <button type="button" className={styles.textButton} onClick={() => onBlock(partyCounterparty)}>
                  Block
                </button>
              )}
            </div>
          )}
        </div>
      </div>

      <div className={styles.summary}>
        <h1 className={styles.title}>
          {heading}
          {/* A viewer who is no party (an admin) already reads the deal number as the heading. */}
          {role && <span className={styles.dealId}>Deal #{deal.orderId}</span>}
        </h1>
        <dl className={styles.figures}>
          <div>
            <dt>Amount</dt>
            <dd data-testid="deal-amount">
              {tokens} {deal.tokenName}
            </dd>
          </div>
          <div>
            <dt>Fiat Amount</dt>
            <dd data-testid="deal-fiat-amount">
              {formatCents(cents, true)} {deal.fiatCode}
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>
              {formatDisplayAmount(deal.price)} {deal.fiatCode}
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd data-testid="deal-status" data-status={deal.status}>
              {orderStatusLabel(deal.status)}
            </dd>
          </div>
          {deal.paymentDeadline && countdownRuns(deal.status) && (
            <div>
              <dt>Time left to pay</dt>
              <dd>
                <PaymentCountdown deadline={deal.paymentDeadline} />
              </dd>
            </div>
          )}
        </dl>
        {windowControls}
      </div>

      <div className={styles.actions} role="group" aria-label="Deal actions">
        {actions.showSupportRequest && button('supportRequest', 'Support Request', 'secondary')}
        {actions.canCancel && button('cancel', 'Cancel Deal', 'danger')}
        {actions.showLock && button('lock', 'Lock', 'primary')}
        {actions.showMarkAsPaid && button('markAsPaid', 'Mark as Paid', 'primary')}
      </div>
    </header>
  );
}
