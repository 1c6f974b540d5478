import { Button } from '../../../components/ui/Button.tsx';
import { usePlatformConfigQuery } from '../../../lib/reference/platformApi.ts';
import { useChooseJellyOutcomeMutation } from '../api/coinJellyApi.ts';
import type { JellyOrder } from '../api/contract.ts';
import { failureMessage } from '../model/errors.ts';
import { explorerTxUrl } from '../model/explorer.ts';
import { CHOICE_REASONS, progressSteps, STAGE_LABELS } from '../model/stages.ts';
import styles from './CoinJelly.module.css';

/** Where the order stands now, as the chain and the desk report it; the choice after an under-, over- or late payment, or a moved rate. */
export function DepositStatus({ order }: { order: JellyOrder }) {
  const { data: config } = usePlatformConfigQuery();
  const [choose, choice] = useChooseJellyOutcomeMutation();
  const received = order.received && /[1-9]/.test(order.received) ? ` — ${order.received} ${order.cryptoCurrencyFromUser} received` : '';
  const pending = order.pendingChoice;
  const steps = progressSteps(order.stage);

  return (
    <div className={styles.status} role="status" aria-live="polite" data-stage={order.stage}>
      <p className={styles.statusLine}>
        <strong>{STAGE_LABELS[order.stage]}</strong>
        {received}
      </p>
      {steps.length > 0 && (
        <ol className={styles.steps} aria-label="Progress">
          {steps.map((step) => (
            <li key={step.label} className={step.done ? styles.stepDone : styles.step} data-done={step.done}>
              <span aria-hidden="true">{step.done ? '✓' : '○'}</span> {step.label}
              <span className={styles.visuallyHidden}>{step.done ? ' (done)' : ' (waiting)'}</span>
            </li>
          ))}
        </ol>
      )}
      {order.stage === 'needs_choice' && pending && (
        <div className={styles.choice}>
          <p>
            {CHOICE_REASONS[pending.kind]} {pending.received} {order.cryptoCurrencyFromUser} arrived. Exchange it at the current rate
            for {pending.exchangeAmount} {order.newUserCrypto}, or get it refunded to <span className={styles.mono}>{pending.refundAddress}</span>?
          </p>
          <div className={styles.buttons}>
            <Button disabled={choice.isLoading} onClick={() => void choose({ id: order.id, choice: 'exchange' })}>
              Exchange at current rate
            </Button>
            <Button variant="secondary" disabled={choice.isLoading} onClick={() => void choose({ id: order.id, choice: 'refund' })}>
              Refund
            </Button>
          </div>
          {choice.isError && (
            <p className={styles.error} role="alert">
              {failureMessage(choice.error)}
            </p>
          )}
        </div>
      )}
      {order.stage === 'completed' && order.txID && (
        <p>
          Payout:{' '}
          <a href={explorerTxUrl(order.newUserCryptoChain, order.txID, config)} target="_blank" rel="noreferrer" className={styles.txLink}>
            {order.txID}
          </a>
        </p>
      )}
      {order.reason && <p className={styles.error}>{order.reason}</p>}
    </div>
  );
}
