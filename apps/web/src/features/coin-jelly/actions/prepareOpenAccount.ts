import { WALLET_NOT_READY } from '@jelly/domain';
import { PublicKey } from '@solana/web3.js';
import type { EndpointDispatch } from '../../../lib/api/api.ts';
import { unwrapApi } from '../../../lib/api/apiError.ts';
import type { ConfirmActionProps } from '../../../lib/modals/modalKinds.ts';
import { EscrowActionError } from '../../../lib/solana/escrowErrors.ts';
import { openOwnTokenAccount, type OpenTokenAccountContext } from '../../../lib/solana/openTokenAccount.ts';
import { coinJellyApi } from '../api/coinJellyApi.ts';
import type { JellyAccountWait, JellyOrder } from '../api/contract.ts';

export const OPEN_ACCOUNT_FAILED = 'Failed to open the account';
export const CONNECT_RECIPIENT_WALLET = (address: string) => `Connect the wallet ${address} to open its account`;

export interface OpenAccountEnv extends OpenTokenAccountContext {
  dispatch: EndpointDispatch;
}

export interface PreparedJellyAction {
  confirm: ConfirmActionProps;
  run: () => Promise<JellyOrder>;
  successMessage: (order: JellyOrder) => string;
  failureMessage: string;
}

/**
 * Open the account and receive (an order whose payout or refund waits for the connected wallet's token account):
 * the wallet opens its own account for the coin, paying the rent and the fee itself (no platform key takes part),
 * then the server is asked to look again at once, so the coins follow within seconds. The wallet's own approval is
 * the confirmation, so the status box shows `confirm`'s text beside the button instead of a second dialog: one click.
 */
export function prepareOpenAccount(order: JellyOrder, env: OpenAccountEnv): PreparedJellyAction {
  const wait = order.waitingForAccount;
  if (!wait) throw new EscrowActionError(WALLET_NOT_READY);
  if (env.wallet.publicKey?.toBase58() !== wait.address) throw new EscrowActionError(CONNECT_RECIPIENT_WALLET(wait.address));
  const what = paymentWord(wait);
  return {
    confirm: openAccountConfirm(wait),
    run: async () => {
      await openOwnTokenAccount(env, new PublicKey(wait.mint));
      return unwrapApi(env.dispatch(coinJellyApi.endpoints.checkJellyAccount.initiate(order.id)));
    },
    successMessage: (after) =>
      after.waitingForAccount ? `Your ${wait.coin} account is open; the ${what} follows shortly.` : `Your ${wait.coin} account is open and the ${what} is on its way.`,
    failureMessage: OPEN_ACCOUNT_FAILED,
  };
}

const paymentWord = (wait: JellyAccountWait) => (wait.payment === 'refund' ? 'refund' : 'payout');

/** What the action does, in the status box beside its button. */
export function openAccountConfirm(wait: JellyAccountWait): ConfirmActionProps {
  return {
    title: `Open your ${wait.coin} account`,
    description: `Open it from your connected wallet: it pays the account's rent (about 0.002 SOL, kept in the account) and the network fee, and the ${wait.coin} of your ${paymentWord(wait)} follows within seconds.`,
    confirmText: 'Open the account and receive',
    cancelText: 'Cancel',
    variant: 'primary',
  };
}
