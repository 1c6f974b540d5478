import { cryptoSideWallet, fiatSideWallet } from '@jelly/domain';
import { adminResolveUniversalTicketInstruction, ensureTokenAccountsInstructions } from '@jelly/escrow';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import type { Chain } from '../../chain/chain.ts';
import type { DealTransactionAudit } from '../../db/schema/index.ts';
import { preparePlatformSend } from '../../chain/gate/index.ts';
import { memoInstruction } from '../../chain/transactions/index.ts';
import { AppError } from '../../errors.ts';
import { platformOwners } from './chain/deal-send-terms.ts';
import { readEscrowConfig } from './chain/escrow-config.ts';
import type { DealRecord } from './deal-record.ts';
import { countResolutionAttempts } from './queries.ts';
import { submitDealTransaction, type DealTxContext, type DealTxResult } from './transactions/index.ts';
import type { SyncOptions } from './sync-deal-from-chain.ts';

/**
 * The recipient has no token account for the deal's coin: the platform does not open one with its SOL (the owner
 * could close it and keep the rent). The tokens stay in escrow; the send is recorded as waiting (payout-waits.ts),
 * the recipient is asked to open the account from their own wallet ("Receive" on the deal page), and it goes
 * through as soon as they do. The message says who must open what; nobody has anything to retry.
 */
export function recipientAccountMissing(side: 'buyer' | 'seller', symbol: string): AppError {
  return new AppError(
    'CONFLICT',
    `The ${side} has no token account for this coin yet (${symbol}), and the platform does not open one with its SOL. ` +
      `The tokens stay safe in escrow and this decision is kept: the ${side} is asked to open their ${symbol} account ` +
      "('Receive' on the deal page), and the tokens are sent as soon as they do.",
    { reason: 'recipient_account_missing' },
  );
}

/**
 * admin_resolve_universal_ticket built by the server alone (never accepted from users): release to the fiat side
 * (net to them, fee to the treasury) or refund the crypto side. The recipient's token account must exist (see
 * recipientAccountMissing); on release the treasury's is created if missing (the platform's own account).
 */
export async function buildAdminResolveTransaction(
  chain: Chain,
  deal: DealRecord,
  releaseToFiatGuy: boolean,
  memo?: string,
): Promise<VersionedTransaction> {
  const escrow = await readEscrowConfig(chain);
  const fiat = fiatSideWallet(deal);
  const crypto = cryptoSideWallet(deal);
  if (!fiat || !crypto) throw new AppError('CONFLICT', 'Counterparties not set');
  const admin = chain.admin.publicKey;
  const mint = new PublicKey(deal.tokenMint);
  const fiatGuy = new PublicKey(fiat);
  const cryptoGuy = new PublicKey(crypto);
  const recipient = releaseToFiatGuy ? fiatGuy : cryptoGuy;
  const recipientAccount = await chain.connection.getAccountInfo(getAssociatedTokenAddressSync(mint, recipient, true), 'confirmed');
  if (!recipientAccount) throw recipientAccountMissing(releaseToFiatGuy ? 'buyer' : 'seller', deal.tokenName);
  const instructions = [
    ...(releaseToFiatGuy ? ensureTokenAccountsInstructions(admin, mint, [escrow.treasury]) : []),
    adminResolveUniversalTicketInstruction({
      admin,
      orderId: BigInt(deal.offerId),
      ticketId: BigInt(deal.orderId),
      mint,
      releaseToFiatGuy,
      fiatGuy,
      cryptoGuy,
      treasury: escrow.treasury,
      programId: chain.programId,
    }),
    ...(memo ? [memoInstruction(memo)] : []),
  ];
  const { blockhash } = await chain.connection.getLatestBlockhash('confirmed');
  const message = new TransactionMessage({ payerKey: admin, recentBlockhash: blockhash, instructions }).compileToLegacyMessage();
  return new VersionedTransaction(message);
}

/**
 * Builds, submits and confirms an admin resolution of a locked deal; the deal then moves from the chain. `audit` is
 * recorded with the transaction before it is sent and written (by `actor`) where its landing is recorded: by this
 * process, or by the one that finishes the send after this one died.
 */
export async function resolveOnChain(
  ctx: DealTxContext,
  deal: DealRecord,
  releaseToFiatGuy: boolean,
  actor: string,
  syncOptions: SyncOptions,
  audit: DealTransactionAudit,
): Promise<DealTxResult> {
  // A later attempt (the last one never landed) is made unique by a memo: built within the same blockhash's life,
  // its bytes would otherwise be the failed attempt's, one signature already recorded as failed.
  const earlier = await countResolutionAttempts(ctx.db, deal.orderId);
  const tx = await buildAdminResolveTransaction(ctx.chain, deal, releaseToFiatGuy, earlier > 0 ? `resolve:${deal.orderId}:${earlier}` : undefined);
  const prepared = preparePlatformSend(ctx, tx, [ctx.chain.admin]);
  // charged to the party the resolution goes against; held only to the platform's budget: another wallet's
  // spending must never keep someone's tokens in escrow
  const against = releaseToFiatGuy ? cryptoSideWallet(deal) : fiatSideWallet(deal);
  return submitDealTransaction(ctx, prepared, tx.message.recentBlockhash, { deal, kind: 'admin_resolve', submittedBy: actor, syncOptions, audit }, {
    chargeTo: { wallet: against ?? null, ip: null },
    budgets: 'platform',
    platformOwners: platformOwners(await readEscrowConfig(ctx.chain)),
  });
}
