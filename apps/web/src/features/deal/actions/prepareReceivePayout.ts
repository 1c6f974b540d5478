import { WALLET_NOT_READY, cryptoSideWallet, fiatSideWallet } from '@jelly/domain';
import { PublicKey } from '@solana/web3.js';
import { unwrapApi } from '../../../lib/api/apiError.ts';
import { EscrowActionError } from '../../../lib/solana/escrowErrors.ts';
import { openOwnTokenAccount } from '../../../lib/solana/openTokenAccount.ts';
import { dealApi } from '../api/dealApi.ts';
import type { PrepareAction } from './dealAction.ts';

export const PAYOUT_RECEIVED = 'Received: the tokens are in your wallet.';
export const PAYOUT_NOT_RECEIVED = 'The tokens could not be received yet. They stay safe in escrow.';
export const NOT_YOUR_PAYOUT = 'These tokens go to the other party.';

/**
 * Receive (the recipient of a refund or release that waits for their token account): the connected wallet opens its
 * own account for the deal's coin, paying the rent and fee itself, straight to the RPC node (no platform key), then
 * asks the server to send the waiting payout now (POST /deals/{id}/payout/retry). A wallet that is not the recipient
 * is refused before anything is signed.
 */
export const prepareReceivePayout: PrepareAction = async (deal, env) => {
  const wait = deal.waitingForAccount;
  const recipient = wait && (wait.recipient === 'seller' ? cryptoSideWallet(deal) : fiatSideWallet(deal));
  const owner = env.wallet.publicKey;
  if (!wait || !recipient || recipient !== env.viewer) throw new EscrowActionError(NOT_YOUR_PAYOUT);
  if (!owner || owner.toBase58() !== env.viewer) throw new EscrowActionError(WALLET_NOT_READY);
  const symbol = deal.tokenName;
  const refund = wait.recipient === 'seller';
  return {
    confirm: {
      title: refund ? 'Receive your refund?' : 'Receive your tokens?',
      description: `Your wallet opens your ${symbol} account (it pays about 0.002 SOL of rent and the network fee), then the ${refund ? 'refund' : 'tokens'} follow${refund ? 's' : ''} from the escrow within seconds.`,
      confirmText: 'Receive',
      cancelText: 'Cancel',
      variant: 'primary',
    },
    run: async () => {
      await openOwnTokenAccount({ wallet: env.wallet, connection: env.connection }, new PublicKey(wait.mint));
      const answer = await unwrapApi(env.dispatch(dealApi.endpoints.retryPayout.initiate(deal.orderId, { track: false })));
      return { status: answer.status };
    },
    successMessage: PAYOUT_RECEIVED,
    failureMessage: PAYOUT_NOT_RECEIVED,
  };
};
