import type { OrderDetails, SignAndSendResponse } from '@jelly/contracts';
import { type OrderStatus, WALLET_NOT_READY } from '@jelly/domain';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import { PublicKey, type Connection } from '@solana/web3.js';
import type { EndpointDispatch } from '../../../lib/api/api.ts';
import type { ConfirmActionProps } from '../../../lib/modals/modalKinds.ts';
import { EscrowActionError } from '../../../lib/solana/escrowErrors.ts';
import type { EscrowSubmitContext } from '../../../lib/solana/submitEscrowInstruction.ts';
import type { EscrowTarget } from '../chain/dealInstructions.ts';

export type DealActionKind = 'lock' | 'markAsPaid' | 'cancel' | 'supportRequest' | 'receivePayout';

/** What an action needs from the page: who is looking, their wallet and connection, the escrow, the API's endpoints. */
export interface DealActionEnv {
  /** The signed-in wallet (the session's), null when signed out. */
  viewer: string | null;
  wallet: Pick<WalletContextState, 'publicKey' | 'signTransaction'>;
  connection: Pick<
    Connection,
    | 'getLatestBlockhash'
    | 'getBalance'
    | 'getAccountInfo'
    | 'sendRawTransaction'
    | 'confirmTransaction'
    | 'getMinimumBalanceForRentExemption'
    | 'getSignatureStatuses'
    | 'getBlockHeight'
  > | null;
  /** From GET /platform/config; null values mean the server runs without a chain. */
  escrow: { programId: string | null; feePayer: string | null } | null;
  /** Runs the API's endpoints (the co-signer, the database cancel, the support request). */
  dispatch: EndpointDispatch;
  /** Absolute URL of this deal's chat (support requests link it). */
  dealUrl: string;
}

/** The deal's status as a completed action leaves it (from the server's answer). */
export interface ActionOutcome {
  status: OrderStatus;
}

/** An action whose checks passed: what the confirm modal says, and what runs when it is confirmed. */
export interface PreparedAction {
  confirm: ConfirmActionProps;
  /** `text`: what the user wrote in the confirm's text field, trimmed ('' when it has none). */
  run: (text: string) => Promise<ActionOutcome>;
  successMessage: string | null;
  /** Shown when the action fails for a reason without its own message. */
  failureMessage: string | null;
}

export type PrepareAction = (deal: OrderDetails, env: DealActionEnv) => Promise<PreparedAction>;

/** Everything an on-chain action needs, or 'Wallet/program not ready'. */
export interface ChainReady {
  owner: PublicKey;
  connection: NonNullable<DealActionEnv['connection']>;
  target: EscrowTarget;
  submitContext: EscrowSubmitContext;
}

/**
 * The connected wallet must be the signed-in one (the server only co-signs for the caller's own wallet), the
 * wallet libraries loaded and the server running a chain. `notConnected` is the message when the wallet is missing.
 */
export function requireChain(env: DealActionEnv, notConnected: string = WALLET_NOT_READY): ChainReady {
  const owner = env.wallet.publicKey;
  if (!owner || !env.viewer || owner.toBase58() !== env.viewer) throw new EscrowActionError(notConnected);
  const { connection, escrow } = env;
  if (!connection || !escrow?.programId || !escrow.feePayer || !env.wallet.signTransaction) {
    throw new EscrowActionError(WALLET_NOT_READY);
  }
  let target: EscrowTarget;
  try {
    target = { programId: new PublicKey(escrow.programId), admin: new PublicKey(escrow.feePayer) };
  } catch {
    throw new EscrowActionError(WALLET_NOT_READY);
  }
  return {
    owner,
    connection,
    target,
    submitContext: { wallet: env.wallet, connection, feePayer: target.admin, dispatch: env.dispatch },
  };
}

export function outcomeOf(result: Pick<SignAndSendResponse, 'status'>): ActionOutcome {
  return { status: result.status };
}
