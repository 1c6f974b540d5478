import './buffer.ts';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import { PublicKey, Transaction, type Connection, type TransactionInstruction } from '@solana/web3.js';
import { TX_COMMITMENT, WALLET_NOT_READY } from '@jelly/domain';
import type { EndpointDispatch } from '../api/api.ts';
import { unwrapApi } from '../api/apiError.ts';
import type { SignAndSendResponse } from '@jelly/contracts';
import { coSignApi } from './coSignApi.ts';
import { coSignError, EscrowActionError, rpcError, walletSigningError } from './escrowErrors.ts';

export interface EscrowSubmitContext {
  /** The user's wallet (from `useWallet()` of lib/wallet/walletBridge). */
  wallet: Pick<WalletContextState, 'publicKey' | 'signTransaction'>;
  /** The Solana connection (from `useConnection()`), null until the wallet libraries have loaded. */
  connection: Pick<Connection, 'getLatestBlockhash'> | null;
  /** The platform's fee payer and co-signer (GET /platform/config `feePayer`), null until the config is loaded. */
  feePayer: PublicKey | string | null | undefined;
  /** Runs the co-signer's endpoint. */
  dispatch: EndpointDispatch;
}

/**
 * Sends escrow instructions the way every on-chain action of the app goes: one legacy transaction whose fee payer
 * is the platform's admin key, a recent blockhash from the wallet's connection, signed by the user's wallet, then
 * POST /platform/admin/sign-and-send — the server checks it, co-signs as fee payer, submits and confirms it.
 *
 * Pass the escrow instruction, optionally preceded by idempotent token-account creations (the only other
 * instructions the co-signer accepts). Throws EscrowActionError whose message is the text to show the user.
 */
export async function submitEscrowInstruction(
  instruction: TransactionInstruction | readonly TransactionInstruction[],
  ctx: EscrowSubmitContext,
): Promise<SignAndSendResponse> {
  const { wallet, connection } = ctx;
  const feePayer = toPublicKey(ctx.feePayer);
  if (!connection || !feePayer || !wallet.publicKey || !wallet.signTransaction) throw new EscrowActionError(WALLET_NOT_READY);

  let recent: { blockhash: string; lastValidBlockHeight: number };
  try {
    recent = await connection.getLatestBlockhash(TX_COMMITMENT);
  } catch (error) {
    throw rpcError(error);
  }
  const transaction = new Transaction({ feePayer, ...recent }).add(...(Array.isArray(instruction) ? instruction : [instruction]));

  let signed: Transaction;
  try {
    signed = await wallet.signTransaction(transaction);
  } catch (error) {
    throw walletSigningError(error);
  }
  assertSignedBy(signed, wallet.publicKey);

  const serialized = signed.serialize({ requireAllSignatures: false, verifySignatures: false });
  try {
    const transaction64 = Buffer.from(serialized).toString('base64');
    return await unwrapApi(ctx.dispatch(coSignApi.endpoints.signAndSend.initiate(transaction64, { track: false })));
  } catch (error) {
    throw coSignError(error);
  }
}

function toPublicKey(value: PublicKey | string | null | undefined): PublicKey | null {
  if (!value) return null;
  if (value instanceof PublicKey) return value;
  try {
    return new PublicKey(value);
  } catch {
    return null;
  }
}

// A wallet that answers without its signature (or signs with another account) would only earn a refusal from
// the co-signer; say so here, where the cause is clear.
function assertSignedBy(transaction: Transaction, signer: PublicKey): void {
  const entry = transaction.signatures.find((s) => s.publicKey.equals(signer));
  if (!entry?.signature || !transaction.verifySignatures(false)) {
    throw walletSigningError(new Error('The wallet did not sign the transaction'));
  }
}
