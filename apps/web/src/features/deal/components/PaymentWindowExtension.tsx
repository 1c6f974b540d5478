import type { OrderDetails } from '@jelly/contracts';
import { PROCESSING, WINDOW_EXTENSION_MINUTES, windowExtensionControls, type WindowExtensionMinutes } from '@jelly/domain';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { apiErrorFromQuery, errorReason } from '../../../lib/api/apiError.ts';
import { useNow } from '../../../lib/time/useNow.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useAnswerWindowExtensionMutation, useDealWindowQuery, useRequestWindowExtensionMutation } from '../api/dealWindowApi.ts';
import styles from './DealHeader.module.css';

export interface PaymentWindowExtensionProps {
  deal: OrderDetails;
  viewer: string | null;
  /** Polls while the realtime socket is down (0 while it is open: the server pushes every change). */
  pollingInterval: number;
}

type Busy = `ask:${number}` | 'accept' | 'decline' | null;

/**
 * More time on the payment window, in the deal header: a party asks for 15, 30 or 60 minutes, the other accepts or
 * declines. What is offered is what the server allows (the same domain rules); the server's refusal is toasted.
 */
export function PaymentWindowExtension({ deal, viewer, pollingInterval }: PaymentWindowExtensionProps) {
  const dispatch = useDispatch();
  const now = useNow();
  const { data } = useDealWindowQuery(deal.orderId, { pollingInterval });
  const [requestExtension] = useRequestWindowExtensionMutation();
  const [answerExtension] = useAnswerWindowExtensionMutation();
  const [busy, setBusy] = useState<Busy>(null);
  if (!data) return null;

  const controls = windowExtensionControls(deal, data.extensions, viewer, now);
  const run = async (kind: Exclude<Busy, null>, call: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    try {
      await call();
      dispatch(showToast.success(done));
    } catch (error) {
      dispatch(showToast.error(errorReason(apiErrorFromQuery(error))));
    } finally {
      setBusy(null);
    }
  };
  const ask = (minutes: WindowExtensionMinutes) =>
    void run(`ask:${minutes}`, () => requestExtension({ orderId: deal.orderId, minutes }).unwrap(), `Asked for ${minutes} more minutes`);
  const reply = (answer: 'accept' | 'decline', extensionId: number) =>
    void run(
      answer,
      () => answerExtension({ orderId: deal.orderId, extensionId, answer }).unwrap(),
      answer === 'accept' ? 'Payment window extended' : 'Request declined',
    );

  if (controls.toAnswer) {
    const request = controls.toAnswer;
    return (
      <div className={styles.extension} role="group" aria-label="Request for more time" data-testid="window-extension">
        <span>The other party asks for {request.minutes} more minutes.</span>
        <Button size="small" variant="primary" disabled={busy !== null} onClick={() => reply('accept', request.id)}>
          {busy === 'accept' ? PROCESSING : 'Accept'}
        </Button>
        <Button size="small" variant="secondary" disabled={busy !== null} onClick={() => reply('decline', request.id)}>
          {busy === 'decline' ? PROCESSING : 'Decline'}
        </Button>
      </div>
    );
  }
  if (controls.awaiting) {
    return (
      <p className={styles.extension} data-testid="window-extension">
        Waiting for the other party to answer your request for {controls.awaiting.minutes} more minutes.
      </p>
    );
  }
  if (!controls.canRequest) return null;
  return (
    <div className={styles.extension} role="group" aria-label="Ask for more time" data-testid="window-extension">
      <span>
        Need more time? ({controls.remaining} {controls.remaining === 1 ? 'request' : 'requests'} left)
      </span>
      {WINDOW_EXTENSION_MINUTES.map((minutes) => (
        <Button
          key={minutes}
          size="small"
          variant="secondary"
          disabled={busy !== null}
          onClick={() => ask(minutes)}
        >
          {/* The name is the visible text plus the hidden rest, so it holds what is shown (speech input). */}
          {busy === `ask:${minutes}` ? PROCESSING : `+${minutes} min`}
          <span className="visually-hidden"> (ask for {minutes} more minutes)</span>
        </Button>
      ))}
    </div>
  );
}
