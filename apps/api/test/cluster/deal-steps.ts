/** Deal steps through the cluster with the shared helpers (deal-fixtures), for the replica tests. */
import { OrderStatus } from '@jelly/domain';
import { expect } from 'vitest';
import { escrowConfig, getOrder, lockInstruction, signInstructions, submit, userTransaction, type Trader } from '../helpers/deal-fixtures.ts';
import type { ChainTestApp } from '../helpers/test-chain.ts';

/** The crypto side locks the claimed deal (accept_offer_and_lock through the co-signer). */
export async function lockDeal(t: ChainTestApp, cryptoSide: Trader, dealId: number): Promise<void> {
  const deal = await getOrder(t.app, cryptoSide, dealId);
  const tx = await userTransaction(t, cryptoSide.keypair, [lockInstruction(t, deal, cryptoSide.key)]);
  expect((await submit(t, cryptoSide, tx)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);
}

/** The fiat side marks paid, then the crypto side releases: the deal Completed on chain. */
export async function payAndRelease(t: ChainTestApp, cryptoSide: Trader, fiatSide: Trader, dealId: number): Promise<void> {
  const escrow = await escrowConfig(t);
  const forPayment = await getOrder(t.app, fiatSide, dealId);
  const paid = await userTransaction(t, fiatSide.keypair, signInstructions(t, forPayment, fiatSide.key, escrow, false));
  expect((await submit(t, fiatSide, paid)).status).toBe(OrderStatus.SignedByOneParty);
  const forRelease = await getOrder(t.app, cryptoSide, dealId);
  const released = await userTransaction(t, cryptoSide.keypair, signInstructions(t, forRelease, cryptoSide.key, escrow, true));
  expect((await submit(t, cryptoSide, released)).status).toBe(OrderStatus.Completed);
}
