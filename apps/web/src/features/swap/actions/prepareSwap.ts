import type { SwapQuote, SwapSubmitResponse } from '@jelly/contracts';
import { WALLET_NOT_READY } from '@jelly/domain';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import { VersionedTransaction } from '@solana/web3.js';
import '../../../lib/solana/buffer.ts';
import type { EndpointDispatch } from '../../../lib/api/api.ts';
import { unwrapApi } from '../../../lib/api/apiError.ts';
import type { ConfirmActionProps } from '../../../lib/modals/modalKinds.ts';
import { EscrowActionError } from '../../../lib/solana/escrowActionError.ts';
import { swapApi } from '../api/swapApi.ts';
import { shownAmount } from '../model/quoteFigures.ts';
import { QuoteExpired, SWAP_PENDING, WalletRejection } from '../model/swapFailure.ts';

export interface SwapSide {
  symbol: string;
  decimals: number;
}

export interface SwapActionEnv {
  /** The signed-in wallet, null when signed out. */
  viewer: string | null;
  wallet: Pick<WalletContextState, 'publicKey' | 'signTransaction'>;
  dispatch: EndpointDispatch;
  /** Base units of the paid token in the wallet, null when unknown (the server checks again). */
  inputBalance: bigint | null;
  /** When the quote dies on this device's clock (model/quoteClock.ts). */
  expiresAt: number;
}

export const GET_NEW_QUOTE = 'Get a new quote';

export interface PreparedSwap {
  confirm: ConfirmActionProps;
  run: () => Promise<SwapSubmitResponse>;
  successMessage: string;
  failureMessage: string;
}

const amountText = (units: string, side: SwapSide) => shownAmount(units, side);

/**
 * Swap: the connected wallet is the signed-in one and holds the quoted input; confirmed, the wallet signs the quote's
 * transaction exactly as the desk built it (signTransaction: the server co-signs as desk and fee payer and sends it)
 * and POST /swap/submit records it. A second submit of the same quote answers the first record with alreadySent.
 * A quote that has died on the device's clock is never handed to the wallet.
 */
export async function prepareSwap(quote: SwapQuote, sides: { input: SwapSide; output: SwapSide }, env: SwapActionEnv): Promise<PreparedSwap> {
  const owner = env.wallet.publicKey;
  const sign = env.wallet.signTransaction;
  if (!owner || !sign || !env.viewer || owner.toBase58() !== env.viewer) throw new EscrowActionError(WALLET_NOT_READY);
  if (env.inputBalance !== null && env.inputBalance < BigInt(quote.inAmount)) {
    throw new EscrowActionError(`Insufficient ${sides.input.symbol} balance to swap ${amountText(quote.inAmount, sides.input)}`);
  }
  const paid = amountText(quote.inAmount, sides.input);
  const received = amountText(quote.outAmount, sides.output);

  return {
    confirm: {
      title: `Swap ${paid} for ${received}?`,
      description: `${paid} leave your wallet and exactly ${received} arrive in the same transaction. The platform pays the network fee.`,
      confirmText: 'Swap',
      cancelText: 'Cancel',
      variant: 'primary',
      // Past it the dialog's Swap turns into Get a new quote: the wallet is never asked to sign a dead quote.
      expiresAt: env.expiresAt,
      expiredText: GET_NEW_QUOTE,
      expiredNotice: 'This quote has expired.',
    },
    run: async () => {
      if (Date.now() >= env.expiresAt) throw new QuoteExpired();
      let signed: VersionedTransaction;
      try {
        signed = await sign(VersionedTransaction.deserialize(Buffer.from(quote.transaction, 'base64')));
      } catch (error) {
        throw new WalletRejection(error instanceof Error ? error.message : '');
      }
      const signedTransaction = Buffer.from(signed.serialize()).toString('base64');
      return unwrapApi(env.dispatch(swapApi.endpoints.submitSwap.initiate({ quoteToken: quote.quoteToken, signedTransaction }, { track: false })));
    },
    successMessage: SWAP_PENDING,
    failureMessage: 'Swap failed',
  };
}
