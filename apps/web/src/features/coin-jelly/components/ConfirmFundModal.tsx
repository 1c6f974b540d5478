import { ALREADY_SENT_REQUEST, CHECK_DEPOSIT_ADDRESS, SWAP_FAILED_OR_INVALID } from '@jelly/domain';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { PageSpinner } from '../../../components/ui/Spinner.tsx';
import { selectRealtimeOpen } from '../../../lib/realtime/realtimeSlice.ts';
import { formatTimeLeft } from '../../../lib/time/countdown.ts';
import { useNow } from '../../../lib/time/useNow.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useCoinJellyOrderQuery, useCreateJellyMutation } from '../api/coinJellyApi.ts';
import type { JellyOrder } from '../api/contract.ts';
import { failureStatus } from '../model/errors.ts';
import { isSettledStage } from '../model/stages.ts';
import { sentFundsNotice } from '../model/sentFunds.ts';
import styles from './CoinJelly.module.css';
import { DepositAddress } from './DepositAddress.tsx';
import { DepositStatus } from './DepositStatus.tsx';
import { QrCode } from './QrCode.tsx';
import { pagePaths } from '@jelly/contracts';

/**
 * How often the open modal re-reads its order. Pushed Coin Jelly notifications refresh it at once; the short
 * interval covers a socket that is down, the long one a pushed event that never came.
 */
export const CONFIRM_FUND_POLL_MS = 2000;
export const CONFIRM_FUND_POLL_WITH_SOCKET_MS = 10_000;

/** Confirm&Fund (modal kind coinJelly): where and what to send, and the order's live progress. */
export function ConfirmFundModal({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const [settled, setSettled] = useState(false);
  const pushed = useSelector(selectRealtimeOpen);
  const pollingInterval = settled ? 0 : pushed ? CONFIRM_FUND_POLL_WITH_SOCKET_MS : CONFIRM_FUND_POLL_MS;
  const { data: order, isError } = useCoinJellyOrderQuery(orderId, { pollingInterval });
  if (order && isSettledStage(order.stage) !== settled) setSettled(isSettledStage(order.stage));

  return (
    <Modal title="Confirm & Fund" onClose={onClose}>
      {order ? (
        <ConfirmFundBody order={order} onClose={onClose} />
      ) : isError ? (
        <p role="alert">{SWAP_FAILED_OR_INVALID}</p>
      ) : (
        <PageSpinner />
      )}
    </Modal>
  );
}

function ConfirmFundBody({ order, onClose }: { order: JellyOrder; onClose: () => void }) {
  const dispatch = useDispatch();
  const now = useNow();
  const [createJelly, creation] = useCreateJellyMutation();
  const [notice, setNotice] = useState<{ text: string; kind: 'info' | 'error' } | null>(null);
  const coin = order.cryptoCurrencyFromUser;
  const chain = order.sendChain;
  const msLeft = new Date(order.expireAt).getTime() - now.getTime();
  const awaiting = order.stage === 'awaiting_deposit';

  const sent = async () => {
    setNotice(null);
    const result = await createJelly({
      orderId: order.id,
      cryptoCurrencyFromUser: coin,
      userWallet: order.userWallet,
      companyWallet: order.companyWallet,
      newUserWallets: order.newUserWallets,
      newUserCrypto: order.newUserCrypto,
      newUserCryptoChain: order.newUserCryptoChain,
      amountUserSend: order.amountUserSend,
      amountUserWannaGet: order.amountUserWannaGet,
    });
    if (!('error' in result)) {
      // Say what is true: the press records the user's word, it does not make a deposit appear.
      const said = sentFundsNotice(order);
      setNotice({ text: said, kind: 'info' });
      dispatch(showToast.info(said));
    } else if (failureStatus(result.error) === 409) {
      setNotice({ text: ALREADY_SENT_REQUEST, kind: 'error' });
    } else {
      setNotice({ text: SWAP_FAILED_OR_INVALID, kind: 'error' });
      dispatch(showToast.error(SWAP_FAILED_OR_INVALID));
    }
  };

  return (
    <div className={styles.fund}>
      <p className={styles.warning} role="note">
        Send only {coin} on the {chain} network. Funds sent on another network are lost.
      </p>
      <p className={styles.sendAmount}>
        Send <strong data-testid="send-amount">{order.amountUserSend} {coin}</strong>
      </p>
      <QrCode value={order.paymentUri} label={`QR code: pay ${order.amountUserSend} ${coin} to the deposit address`} />
      <DepositAddress address={order.companyWallet} />
      <p className={styles.warning}>{CHECK_DEPOSIT_ADDRESS}</p>
      {awaiting && (
        <p className={styles.timeLeft}>
          {msLeft > 0 ? <>Rate fixed for <span data-testid="time-left">{formatTimeLeft(msLeft)}</span></> : 'The rate has expired: a deposit now asks you to confirm the new rate or a refund.'}
        </p>
      )}
      <DepositStatus order={order} />
      {/* Once the deposit is seen the notice has done its job: the status above says what is true now. */}
      {notice && awaiting && (
        <p className={notice.kind === 'info' ? styles.info : styles.error} role="alert">
          {notice.text}
        </p>
      )}
      {/* Both buttons belong to the wait for a deposit; after it (a choice, a payout, Completed) they mean nothing. */}
      {awaiting && (
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={creation.isLoading} onClick={() => void sent()}>
            {creation.isLoading ? 'Sending...' : 'I have sent the funds'}
          </Button>
        </div>
      )}
      <p className={styles.small}>
        <Link to={pagePaths.coinJellyOrder(order.id)} onClick={onClose}>
          Order #{order.id} status page
        </Link>
      </p>
    </div>
  );
}
