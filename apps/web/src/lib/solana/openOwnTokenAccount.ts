import './buffer.ts';
import { associatedTokenAddress, ensureTokenAccountsInstructions } from '@jelly/escrow';
import { TX_COMMITMENT, WALLET_NOT_READY } from '@jelly/domain';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import { Transaction, type Connection, type PublicKey } from '@solana/web3.js';
import { EscrowActionError, rpcError, walletSigningError } from './escrowErrors.ts';

export interface OwnTransactionContext {
  wallet: Pick<WalletContextState, 'publicKey' | 'signTransaction'>;
  connection: Pick<Connection, 'getAccountInfo' | 'getLatestBlockhash' | 'sendRawTransaction' | 'confirmTransaction'> | null;
}

/**
 * Opens the connected wallet's own associated token account for `mint`, the one transaction of the app that never
 * goes through the co-signer: the wallet is the fee payer and pays the rent (the platform never opens a user's
 * account with its SOL: the owner could close it and keep the rent). Sent straight to the RPC node and confirmed at
 * the app's commitment, so the server sees the account when asked next. Idempotent: an account that already exists
 * is left as it is (null), and the instruction itself is create-if-missing. Returns the signature.
 */
export async function openOwnTokenAccount(mint: PublicKey, ctx: OwnTransactionContext): Promise<string | null> {
  const { wallet, connection } = ctx;
  const owner = wallet.publicKey;
  if (!connection || !owner || !wallet.signTransaction) throw new EscrowActionError(WALLET_NOT_READY);
  const existing = await rpc(() => connection.getAccountInfo(associatedTokenAddress(mint, owner), TX_COMMITMENT));
  if (existing) return null;

  const recent = await rpc(() => connection.getLatestBlockhash(TX_COMMITMENT));
  const transaction = new Transaction({ feePayer: owner, ...recent }).add(...ensureTokenAccountsInstructions(owner, mint, [owner]));
  let signed: Transaction;
  try {
    signed = await wallet.signTransaction(transaction);
  } catch (error) {
    throw walletSigningError(error);
  }
  const signature = await rpc(() => connection.sendRawTransaction(signed.serialize(), { preflightCommitment: TX_COMMITMENT }));
  const confirmed = await rpc(() => connection.confirmTransaction({ signature, ...recent }, TX_COMMITMENT));
  if (confirmed.value.err) throw rpcError(new Error(`The account was not opened: ${JSON.stringify(confirmed.value.err)}`));
  return signature;
}

async function rpc<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw rpcError(error);
  }
}
