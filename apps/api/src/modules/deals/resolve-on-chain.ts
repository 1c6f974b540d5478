import { cryptoSideWallet, fiatSideWallet } from '@jelly/domain';
import { adminResolveUniversalTicketInstruction, ensureTokenAccountsInstructions } from '@jelly/escrow';
import { PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import type { Chain } from '../../chain/chain.ts';
import { AppError } from '../../errors.ts';
import { readEscrowConfig } from './chain/escrow-config.ts';
import type { DealRecord } from './deal-record.ts';
import { signatureOf, submitDealTransaction, type DealTxContext, type DealTxResult } from './deal-transactions.ts';
import type { SyncOptions } from './sync-deal-from-chain.ts';

/**
 * admin_resolve_universal_ticket built and signed by the server alone (never accepted from users): release to the
 * fiat side (net to them, fee to the treasury) or refund the crypto side. The recipient's (and on release the
 * treasury's) token account is created on the way if missing, paid by the admin.
 */
export async function buildAdminResolveTransaction(
  chain: Chain,
  deal: DealRecord,
  releaseToFiatGuy: boolean,
): Promise<VersionedTransaction> {
  const escrow = await readEscrowConfig(chain);
  const fiat = fiatSideWallet(deal);
  const crypto = cryptoSideWallet(deal);
  if (!fiat || !crypto) throw new AppError('CONFLICT', 'Counterparties not set');
  const admin = chain.admin.publicKey;
  const mint = new PublicKey(deal.tokenMint);
  const fiatGuy = new PublicKey(fiat);
  const cryptoGuy = new PublicKey(crypto);
  const instructions = [
    ...ensureTokenAccountsInstructions(admin, mint, releaseToFiatGuy ? [fiatGuy, escrow.treasury] : [cryptoGuy]),
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
  ];
  const { blockhash } = await chain.connection.getLatestBlockhash('confirmed');
  const message = new TransactionMessage({ payerKey: admin, recentBlockhash: blockhash, instructions }).compileToLegacyMessage();
  const tx = new VersionedTransaction(message);
  tx.sign([chain.admin]);
  return tx;
}

/** Builds, submits and confirms an admin resolution of a locked deal; the deal then moves from the chain. */
export async function resolveOnChain(
  ctx: DealTxContext,
  deal: DealRecord,
  releaseToFiatGuy: boolean,
  actor: string,
  syncOptions: SyncOptions,
): Promise<DealTxResult> {
  const tx = await buildAdminResolveTransaction(ctx.chain, deal, releaseToFiatGuy);
  return submitDealTransaction(ctx, tx, { signature: signatureOf(tx), deal, kind: 'admin_resolve', submittedBy: actor, syncOptions });
}
