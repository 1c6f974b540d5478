// The deal side of the crash tests: a locked deal set up through the newest API process of the world (the same
// helpers the deal tests use, over HTTP), and the figures every deal test checks once the next processes finished
// what a killed one left: each party's balances to the base unit and the lamport, the sends, the audit rows.
import { findOrderPda, findTicketPda, findVaultPda } from '@jelly/escrow';
import type { PublicKey } from '@solana/web3.js';
import { expect } from 'vitest';
import { lockDeal } from '../cluster/deal-steps.ts';
import { claim, escrowConfig, offer, openUsdcAccount, solOf, trader, usdcOf, type Trader } from '../helpers/deal-fixtures.ts';
import { until } from './api-process.ts';
import type { CrashWorld } from './crash-world.ts';

/** The network fee of one signature (the localnet charges what a cluster does; no priority fee is set). */
export const SIGNATURE_FEE = 5_000n;
/** What a deal's user transaction costs the admin, its fee payer: the user's signature and the admin's. */
export const USER_TX_FEE = 2n * SIGNATURE_FEE;
/** A deal takes half its offer, so the offer stays open and its order and vault accounts with it. */
export const DEAL_AMOUNT = 10_000_000n;

export interface CrashDeal {
  seller: Trader;
  buyer: Trader;
  offerId: number;
  dealId: number;
  /** The parties' lamports once the deal is locked (their own token accounts opened). */
  sellerSol: bigint;
  buyerSol: bigint;
  /** The deal's ticket account on chain and the rent the admin paid for it at the lock. */
  ticket: PublicKey;
  ticketRent: bigint;
}

/**
 * A fresh seller (the crypto side: twice the deal's amount in USDC) posts a sell offer, a fresh buyer claims half of
 * it and the seller locks it, all through the newest API process. `buyerAccount`: the buyer opens a USDC account
 * (their own transaction and rent) so that tokens can be sent to them.
 */
export async function lockedDeal(world: CrashWorld, options: { buyerAccount?: boolean } = {}): Promise<CrashDeal> {
  const { t } = world;
  const seller = await trader(t, { usdc: 2n * DEAL_AMOUNT });
  const buyer = await trader(t);
  if (options.buyerAccount) await openUsdcAccount(t, buyer);
  const offerId = await offer(t, seller, 0, 2n * DEAL_AMOUNT);
  const dealId = await claim(t, buyer, offerId, DEAL_AMOUNT);
  await lockDeal(t, seller, dealId);
  const [order] = findOrderPda(BigInt(offerId), world.chain.programId);
  const [ticket] = findTicketPda(order, BigInt(dealId), world.chain.programId);
  return {
    seller,
    buyer,
    offerId,
    dealId,
    sellerSol: await solOf(t, seller.key),
    buyerSol: await solOf(t, buyer.key),
    ticket,
    ticketRent: await solOf(t, ticket),
  };
}

export async function statusOf(world: CrashWorld, dealId: number): Promise<number> {
  const { rows } = await world.db.query<{ status: number }>('SELECT status FROM orders WHERE order_id = $1', [dealId]);
  return Number(rows[0]?.status);
}

/** Waits until no platform send is pending: what a killed process left has been finished by a live one. */
export async function noSendPending(world: CrashWorld, timeoutMs = 60_000): Promise<void> {
  const pending = async () => Number((await world.db.query<{ n: string }>("SELECT count(*) AS n FROM platform_sends WHERE state = 'pending'")).rows[0]?.n);
  await until(pending, (n) => n === 0, timeoutMs, 'pending platform sends');
}

/** Waits until the deal's ticket was closed by the rent reclamation (its rent back with the admin). */
export async function ticketClosed(world: CrashWorld, dealId: number, timeoutMs = 90_000): Promise<void> {
  const state = async () =>
    (await world.db.query<{ state: string }>("SELECT state FROM rent_reclaims WHERE kind = 'ticket' AND order_id = $1", [dealId])).rows[0]?.state;
  await until(state, (s) => s === 'done', timeoutMs, `ticket of deal ${dealId} closed`);
}

/** The states of the deal's platform sends of `kind`, oldest first (deal sends are found through their records). */
export async function dealSendStates(world: CrashWorld, dealId: number, kind: string): Promise<string[]> {
  const { rows } = await world.db.query<{ state: string }>(
    `SELECT s.state FROM platform_sends s JOIN deal_transactions t ON t.signature = s.signature
     WHERE t.order_id = $1 AND t.kind = $2 ORDER BY s.created_at`,
    [dealId, kind],
  );
  return rows.map((r) => r.state);
}

export async function auditActions(world: CrashWorld, dealId: number): Promise<{ action: string; reason: string | null; actor: string }[]> {
  const { rows } = await world.db.query<{ action: string; reason: string | null; actor: string }>(
    'SELECT action, reason, actor FROM admin_audit_log WHERE order_id = $1 ORDER BY created_at',
    [dealId],
  );
  return rows;
}

/** Token balance of a token account itself (the escrow vault), 0 once it is closed. */
async function tokenAccountBalance(world: CrashWorld, address: PublicKey): Promise<bigint> {
  const account = await world.chain.connection.getAccountInfo(address);
  if (!account) return 0n;
  return BigInt((await world.chain.connection.getTokenAccountBalance(address)).value.amount);
}

/** The offer's order and vault accounts on chain: their lamports (the rent the admin paid, still held) and the vault's tokens. */
export async function offerAccounts(world: CrashWorld, offerId: number): Promise<{ rent: bigint; vaultTokens: bigint }> {
  const [order] = findOrderPda(BigInt(offerId), world.chain.programId);
  const [vault] = findVaultPda(order, world.chain.programId);
  const rent = (await solOf(world.t, order)) + (await solOf(world.t, vault));
  return { rent, vaultTokens: await tokenAccountBalance(world, vault) };
}

/** The treasury's USDC (the escrow's fee recipient). */
export async function treasuryUsdc(world: CrashWorld): Promise<bigint> {
  return usdcOf(world.t, (await escrowConfig(world.t)).treasury);
}

/**
 * Every party's balances after the deal, to the base unit and the lamport: the seller's and the buyer's USDC and
 * SOL (the admin paid every fee of the deal, so their SOL is what it was once locked), and the vault's tokens.
 */
export async function expectParties(world: CrashWorld, deal: CrashDeal, usdc: { seller: bigint; buyer: bigint; vault: bigint }, label: string): Promise<void> {
  const { t } = world;
  expect(await usdcOf(t, deal.seller.key), `${label}: seller USDC`).toBe(usdc.seller);
  expect(await usdcOf(t, deal.buyer.key), `${label}: buyer USDC`).toBe(usdc.buyer);
  expect((await offerAccounts(world, deal.offerId)).vaultTokens, `${label}: vault USDC`).toBe(usdc.vault);
  expect(await solOf(t, deal.seller.key), `${label}: seller SOL`).toBe(deal.sellerSol);
  expect(await solOf(t, deal.buyer.key), `${label}: buyer SOL`).toBe(deal.buyerSol);
}

export async function adminSol(world: CrashWorld): Promise<bigint> {
  return solOf(world.t, world.chain.admin.publicKey);
}
