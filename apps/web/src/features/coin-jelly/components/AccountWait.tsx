import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import type { EndpointDispatch } from '../../../lib/api/api.ts';
import { apiErrorMessage } from '../../../lib/api/apiError.ts';
import { EscrowActionError } from '../../../lib/solana/escrowErrors.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useWallet } from '../../../lib/wallet/walletBridge.ts';
import { useWalletWhenReady } from '../../../lib/wallet/useWalletWhenReady.ts';
import { OPEN_ACCOUNT_FAILED, openAccountConfirm, prepareOpenAccount } from '../actions/prepareOpenAccount.ts';
import { useChooseJellyOutcomeMutation } from '../api/coinJellyApi.ts';
import type { JellyOrder } from '../api/contract.ts';
import { failureMessage } from '../model/errors.ts';
import styles from './CoinJelly.module.css';

const failureText = (error: unknown, fallback: string) => (error instanceof EscrowActionError ? error.message : apiErrorMessage(error, fallback));

/**
 * The top of an order whose payout or refund waits for its recipient's token account: what it waits for, and the
 * ways out — Open the account and receive (only when that address is the connected wallet), or, for a payout, a
 * refund to the order's refund address.
 */
export function AccountWait({ order }: { order: JellyOrder }) {
  const wait = order.waitingForAccount;
  const dispatch = useDispatch<EndpointDispatch>();
  const connected = useWallet().publicKey?.toBase58() ?? null;
  const walletWhenReady = useWalletWhenReady();
  const [choose, choice] = useChooseJellyOutcomeMutation();
  const [busy, setBusy] = useState(false);
  if (!wait) return null;

  const own = connected === wait.address;
  const what = wait.payment === 'refund' ? 'refund' : 'payout';
  const open = async () => {
    setBusy(true);
    try {
      const prepared = prepareOpenAccount(order, { ...(await walletWhenReady()), dispatch });
      const after = await prepared.run();
      dispatch(showToast.success(prepared.successMessage(after)));
    } catch (error) {
      dispatch(showToast.error(failureText(error, OPEN_ACCOUNT_FAILED)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`${styles.status} ${styles.accountWait}`} role="status" aria-live="polite" data-testid="account-wait">
      <p className={styles.statusLine}>
        <strong>
          Your {what} is waiting: <span className={styles.mono}>{wait.address}</span> has no {wait.coin} account yet.
        </strong>
      </p>
      <p className={styles.statusLine}>
        {own
          ? openAccountConfirm(wait).description
          : `Open it in that wallet (receive ${wait.coin} once, or add the token there): the ${wait.coin} is sent as soon as the account exists.`}
        {wait.payment === 'payout' && (
          <>
            {' '}
            Or get your deposit back at <span className={styles.mono}>{order.refundAddress}</span>.
          </>
        )}
      </p>
      <div className={styles.buttons}>
        {wait.payment === 'payout' && (
          <Button variant="secondary" disabled={busy || choice.isLoading} onClick={() => void choose({ id: order.id, choice: 'refund' })}>
            Refund instead
          </Button>
        )}
        {own && (
          <Button disabled={busy || choice.isLoading} onClick={() => void open()}>
            {busy ? 'Processing...' : openAccountConfirm(wait).confirmText}
          </Button>
        )}
      </div>
      {choice.isError && (
        <p className={styles.error} role="alert">
          {failureMessage(choice.error)}
        </p>
      )}
    </div>
  );
}
