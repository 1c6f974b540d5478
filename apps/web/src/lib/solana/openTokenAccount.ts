import './buffer.ts';
import { TX_COMMITMENT, WALLET_NOT_READY, errorWithMessage, fromBaseUnits } from '@jelly/domain';
import { ensureTokenAccountsInstructions } from '@jelly/escrow';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import { Transaction, type Connection, type PublicKey } from '@solana/web3.js';
import { EscrowActionError, rpcError, walletSigningError } from './escrowErrors.ts';

/** An SPL token account's size in bytes (its rent-exempt minimum is read from the chain). */
const TOKEN_ACCOUNT_BYTES = 165;
/** A legacy transaction's fee with one signature, with room for a priority fee the wallet may add. */
const FEE_ALLOWANCE_LAMPORTS = 10_000n;

export const NEEDS_SOL_FOR_ACCOUNT = (sol: string) => `You need at least ${sol} SOL in this wallet to open the account (its rent and the fee).`;

export interface OpenTokenAccountContext {
  /** The connected wallet: it opens its own account, signs, and pays the rent and the fee. */
  wallet: Pick<WalletContextState, 'publicKey' | 'signTransaction'>;
  connection: Pick<Connection, 'getLatestBlockhash' | 'getBalance' | 'getMinimumBalanceForRentExemption' | 'sendRawTransaction' | 'getSignatureStatuses' | 'getBlockHeight'> | null;
}

/** Between two reads of a sent transaction's status. */
const STATUS_POLL_MS = 500;

/**
 * Waits until the transaction is confirmed, reading its status over HTTP (the page's RPC may offer no WebSocket):
 * throws when it failed on chain, or once its blockhash expired without it landing (it never can then).
 */
async function confirmed(connection: NonNullable<OpenTokenAccountContext['connection']>, signature: string, lastValidBlockHeight: number): Promise<void> {
  for (;;) {
    const status = (await connection.getSignatureStatuses([signature])).value[0];
    if (status?.err) throw new Error(`the transaction failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    if ((await connection.getBlockHeight(TX_COMMITMENT)) > lastValidBlockHeight) throw new Error('the transaction expired before it landed, so nothing was spent');
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
  }
}

/**
 * Opens the connected wallet's own associated token account for `mint` (idempotent: an account that exists already
 * is left as it is). Unlike the escrow actions, nothing of the platform's takes part: the wallet is the fee payer,
 * pays the rent, signs, and the transaction goes straight to the RPC node, confirmed before this resolves. Returns
 * the signature. Throws EscrowActionError whose message is the text to show.
 */
export async function openOwnTokenAccount(ctx: OpenTokenAccountContext, mint: PublicKey): Promise<string> {
  const { wallet, connection } = ctx;
  const owner = wallet.publicKey;
  if (!connection || !owner || !wallet.signTransaction) throw new EscrowActionError(WALLET_NOT_READY);
  let recent: { blockhash: string; lastValidBlockHeight: number };
  try {
    const [rent, balance] = await Promise.all([connection.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_BYTES, TX_COMMITMENT), connection.getBalance(owner, TX_COMMITMENT)]);
    const needed = BigInt(rent) + FEE_ALLOWANCE_LAMPORTS;
    if (BigInt(balance) < needed) throw new EscrowActionError(NEEDS_SOL_FOR_ACCOUNT(fromBaseUnits(needed, 9)));
    recent = await connection.getLatestBlockhash(TX_COMMITMENT);
  } catch (error) {
    throw error instanceof EscrowActionError ? error : rpcError(error);
  }
  const transaction = new Transaction({ feePayer: owner, ...recent }).add(...ensureTokenAccountsInstructions(owner, mint, [owner]));
  let signed: Transaction;
  try {
    signed = await wallet.signTransaction(transaction);
  } catch (error) {
    throw walletSigningError(error);
  }
  try {
    const signature = await connection.sendRawTransaction(signed.serialize(), { preflightCommitment: TX_COMMITMENT });
    await confirmed(connection, signature, recent.lastValidBlockHeight);
    return signature;
  } catch (error) {
    throw error instanceof EscrowActionError ? error : new EscrowActionError(errorWithMessage(error instanceof Error ? error.message : String(error)));
  }
}
