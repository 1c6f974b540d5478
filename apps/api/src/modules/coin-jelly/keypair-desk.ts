import type { JellyCoin } from '@jelly/contracts';
import { createTransferCheckedInstruction, getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, SystemProgram, TransactionMessage, VersionedTransaction, type TransactionInstruction } from '@solana/web3.js';
import { authorizePlatformSend, finishPlatformSend, type ChargeTo, type GateContext, type PlatformKey } from '../../chain/gate/index.ts';
import { TX_CONFIRM_TIMEOUT } from '@jelly/domain';
import { BLOCKHASH_EXPIRED_MESSAGE, landTransaction, memoInstruction } from '../../chain/transactions/index.ts';
import { AppError } from '../../errors.ts';
import { failpoint } from '../../lib/failpoint.ts';
import { releaseAdminSpend, settleAdminSpend } from '../../chain/gate/index.ts';
import type { JellyDesk } from './desk.ts';
import { logEvent } from '../../lib/log-events.ts';

/**
 * A memo naming the order and the purpose ('jelly:12:payout'): it makes each send's bytes unique, so two equal
 * payouts to one address within one blockhash's life are two transactions, not one signature paying two orders.
 */
export const jellyMemo = (reference: string): TransactionInstruction => memoInstruction(reference);

/** Lamports the desk keeps for rent of its own accounts. */
const SOL_RESERVE = 50_000_000n;

/**
 * The address has no token account for the coin: the platform does not open one with its SOL (its owner could
 * close it and keep the rent), so the payment waits for the owner to open it.
 */
export function tokenAccountMissing(coin: JellyCoin, address: PublicKey): AppError {
  return new AppError(
    'CONFLICT',
    `${address.toBase58()} has no ${coin.currency} account yet. Open it in that wallet (receive ${coin.currency} once, or add the token); the payment is then sent.`,
    { reason: 'token_account_missing' },
  );
}

/** The recipient's token account for `coin`, which must exist already. */
export async function existingTokenAccount(gate: GateContext, coin: JellyCoin & { mint: string }, owner: PublicKey): Promise<PublicKey> {
  const account = getAssociatedTokenAddressSync(new PublicKey(coin.mint), owner, true);
  if (!(await gate.chain.connection.getAccountInfo(account, 'confirmed'))) throw tokenAccountMissing(coin, owner);
  return account;
}

/** A payout whose blockhash expired unsent is signed afresh at most this many times in all. */
const MAX_SIGNINGS = 3;

/**
 * A send the gate recorded that did not come back confirmed here (the RPC failed, the confirmation timed out, or it
 * failed on chain): it may still land. Its owner leaves it to the send recovery (chain/gate), which asks the chain
 * and finishes it exactly once; nothing is sent again for it until its blockhash has expired unlanded.
 */
export class SendInFlight extends Error {
  override name = 'SendInFlight';
  constructor(
    readonly signature: string,
    override readonly cause: unknown,
  ) {
    super(`send ${signature} is in flight: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * Sends instructions signed by platform keys through the gate (the admin paying the fee, charged to the order's
 * wallet and recorded before the send), re-sending the same bytes until the chain answers, then books the chain's
 * figures. `reference` is the memo; `ownerRef` (the order) stays with the recorded send for its recovery.
 * - Confirmed: returned. Failed on chain, or no answer in time: SendInFlight — the send recovery (chain/gate) learns
 *   its fate and finishes it exactly once.
 * - Expired without landing (it never can): its record ends 'expired' and it is signed again with a fresh blockhash,
 *   at most MAX_SIGNINGS in all. Refused by the node on the way out: its record ends 'dropped', the refusal thrown.
 * - Another send of the same kind for the same order pending or landed: SendAlreadyLive from the gate, nothing sent.
 */
export async function sendThroughGate(
  gate: GateContext,
  signers: readonly PlatformKey[],
  instructions: TransactionInstruction[],
  terms: { kind: string; reference: string; ownerRef: string; chargeTo: ChargeTo; intended?: { key: PlatformKey; lamports: bigint }[]; platformOwners?: PublicKey[] },
): Promise<{ signature: string; slot: number }> {
  const { chain } = gate;
  const { reference, ...sendTerms } = terms;
  for (let signing = 1; ; signing++) {
    const { blockhash, lastValidBlockHeight } = await chain.connection.getLatestBlockhash('confirmed');
    const message = new TransactionMessage({
      payerKey: chain.admin.publicKey,
      recentBlockhash: blockhash,
      instructions: [...instructions, jellyMemo(reference)],
    }).compileToLegacyMessage();
    const authorized = await authorizePlatformSend(gate, {
      tx: new VersionedTransaction(message),
      signers: [chain.admin, ...signers],
      orderId: null,
      budgets: 'caller',
      lastValidBlockHeight: BigInt(lastValidBlockHeight),
      // each of an order's sends (payout, refund, sweep) is made once: a second claimant is refused by the gate
      oneLive: true,
      ...sendTerms,
    });
    const { signature } = authorized;
    let landing: Awaited<ReturnType<typeof landTransaction>>;
    try {
      landing = await landTransaction(chain, authorized.raw, { signature, recentBlockhash: blockhash, onSent: () => failpoint(terms.kind, 'after-send') });
    } catch (error) {
      throw new SendInFlight(signature, error);
    }
    if (landing.state === 'confirmed') {
      failpoint(terms.kind, 'after-confirm');
      await settleAdminSpend(gate, { signature, ...terms.chargeTo, kind: terms.kind, orderId: null }).catch(() => undefined);
      const status = await chain.connection.getSignatureStatus(signature, { searchTransactionHistory: true });
      return { signature, slot: status.value?.slot ?? 0 };
    }
    if (landing.state === 'failed') throw new SendInFlight(signature, landing.error);
    if (landing.state === 'unknown') throw new SendInFlight(signature, new AppError('CHAIN_TIMEOUT', TX_CONFIRM_TIMEOUT, { signature }));
    await finishPlatformSend(gate.db, signature, landing.state === 'expired' ? 'expired' : 'dropped', gate.now());
    await releaseAdminSpend(gate.db, signature);
    if (landing.state === 'refused') throw landing.error;
    if (signing >= MAX_SIGNINGS) throw new AppError('TRANSACTION_FAILED', BLOCKHASH_EXPIRED_MESSAGE, { signature });
    logEvent(gate.log, 'send.resigned', { tx: signature, reference }, 'platform send expired before it landed: signing afresh');
  }
}

/**
 * The swap desk's treasury key as Coin Jelly's desk: it pays out from its inventory and receives swept deposits,
 * every payout through the platform gate.
 */
export function keypairDesk(gate: GateContext, key: PlatformKey): JellyDesk {
  const { chain } = gate;
  return {
    treasury: key.publicKey,
    async balance(coin: JellyCoin): Promise<bigint> {
      if (!coin.mint) {
        const lamports = BigInt(await chain.connection.getBalance(key.publicKey, 'confirmed'));
        return lamports > SOL_RESERVE ? lamports - SOL_RESERVE : 0n;
      }
      try {
        const ata = getAssociatedTokenAddressSync(new PublicKey(coin.mint), key.publicKey);
        return (await getAccount(chain.connection, ata, 'confirmed')).amount;
      } catch {
        return 0n;
      }
    },
    async pay(coin: JellyCoin, to: PublicKey, amount: bigint, chargeTo: ChargeTo, reference: string, ownerRef: string) {
      if (!coin.mint) {
        return sendThroughGate(gate, [key], [SystemProgram.transfer({ fromPubkey: key.publicKey, toPubkey: to, lamports: amount })], {
          kind: 'jelly_payout',
          reference,
          ownerRef,
          chargeTo,
          intended: [{ key, lamports: amount }],
        });
      }
      const mint = new PublicKey(coin.mint);
      const dest = await existingTokenAccount(gate, { ...coin, mint: coin.mint }, to);
      const from = getAssociatedTokenAddressSync(mint, key.publicKey);
      return sendThroughGate(gate, [key], [createTransferCheckedInstruction(from, mint, dest, key.publicKey, amount, coin.decimals)], {
        kind: 'jelly_payout',
        reference,
        ownerRef,
        chargeTo,
      });
    },
  };
}
