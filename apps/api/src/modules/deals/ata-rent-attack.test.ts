// Token accounts the admin pays for cannot be turned into SOL: a recipient who closes their freshly created token
// account keeps its rent, so whoever paid for it loses that SOL. The attack below (create → close → re-create,
// and the same with a fresh pair of wallets per deal) must leave the attackers with no lamports gained.
import { OrderStatus } from '@jelly/domain';
import { ensureTokenAccountsInstructions, signUniversalTicketInstruction, type Config } from '@jelly/escrow';
import { createCloseAccountInstruction, createTransferInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Transaction, sendAndConfirmTransaction, type PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  USDC,
  claim,
  escrowConfig,
  getOrder,
  lockInstruction,
  offer,
  postTransaction,
  signInstructions,
  solOf,
  submit,
  trader,
  userTransaction,
  passLockCooldown,
  type Trader,
} from '../../../test/helpers/deal-fixtures.ts';
import { markLedger, ledgerSince } from '../../../test/helpers/admin-ledger.ts';
import { createChainTestApp, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { cannotFundTokenAccount } from './cosigner/token-account-funds.ts';
import { TOKEN_ACCOUNT_PAID_BY_PLATFORM } from './cosigner/token-account-payer.ts';
import { reclaimRent } from './reclaim-rent/reclaim-rent.ts';
import { errorOf } from '../orders/testing.ts';

let t: ChainTestApp;
let escrow: Config;

beforeAll(async () => {
  t = await createChainTestApp();
  escrow = await escrowConfig(t);
});
afterAll(async () => {
  await t.close();
});

const DEAL = 5_000_000n;

/** The attacker's lamports: balances of both wallets plus the network fees they paid themselves. */
async function lamportsOf(pair: Trader[]): Promise<bigint> {
  let total = 0n;
  for (const wallet of pair) total += await solOf(t, wallet.key);
  return total;
}

/**
 * One deal between the attacker's two wallets, settled with the buyer's token account created on the way by the
 * admin (refused now: then by the seller, as the web does), after which the buyer empties and closes that account.
 * Returns the network fees the attackers paid themselves.
 */
async function settleAndCloseAccount(seller: Trader, buyer: Trader): Promise<bigint> {
  const offerId = await offer(t, seller, 0, DEAL);
  const dealId = await claim(t, buyer, offerId, DEAL);
  let deal = await getOrder(t.app, seller, dealId);
  await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
  deal = await getOrder(t.app, buyer, dealId);
  await submit(t, buyer, await userTransaction(t, buyer.keypair, signInstructions(t, deal, buyer.key, escrow, false)));
  deal = await getOrder(t.app, seller, dealId);

  const ids = { orderId: BigInt(offerId), ticketId: BigInt(dealId), programId: t.chain.programId };
  const settle = signUniversalTicketInstruction({
    admin: t.chain.admin.publicKey,
    signer: seller.key,
    ...ids,
    settlement: { mint: USDC, fiatGuy: buyer.key, treasury: escrow.treasury },
  });
  const adminPaid = await postTransaction(
    t.app,
    seller,
    await userTransaction(t, seller.keypair, [...ensureTokenAccountsInstructions(t.chain.admin.publicKey, USDC, [buyer.key]), settle]),
  );
  if (adminPaid.statusCode !== 200) {
    expect(adminPaid.statusCode).toBe(400);
    expect(errorOf(adminPaid).message).toBe(TOKEN_ACCOUNT_PAID_BY_PLATFORM);
    const sellerPaid = ensureTokenAccountsInstructions(seller.key, USDC, [buyer.key]);
    const result = await submit(t, seller, await userTransaction(t, seller.keypair, [...sellerPaid, settle]));
    expect(result.status).toBe(OrderStatus.Completed);
  }

  // the buyer moves the tokens away and closes the account: its rent goes to the buyer
  const account = getAssociatedTokenAddressSync(USDC, buyer.key);
  const sink = getAssociatedTokenAddressSync(USDC, seller.key);
  const balance = BigInt((await t.chain.connection.getTokenAccountBalance(account)).value.amount);
  const close = new Transaction().add(
    createTransferInstruction(account, sink, buyer.key, balance),
    createCloseAccountInstruction(account, buyer.key, buyer.key),
  );
  const signature = await sendAndConfirmTransaction(t.chain.connection, close, [buyer.keypair], { commitment: 'confirmed' });
  const fee = (await t.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))?.meta?.fee;
  passLockCooldown(t);
  return BigInt(fee ?? 0);
}

const notClosed = (owner: PublicKey) => t.chain.connection.getAccountInfo(getAssociatedTokenAddressSync(USDC, owner));

describe('admin-paid token accounts cannot be turned into SOL', () => {
  it('create → close → re-create on the same pair of wallets gains the attackers nothing', async () => {
    const seller = await trader(t, { usdc: 3n * DEAL });
    const buyer = await trader(t);
    const before = await lamportsOf([seller, buyer]);
    let fees = 0n;
    for (let round = 0; round < 3; round++) fees += await settleAndCloseAccount(seller, buyer);
    expect(await notClosed(buyer.key)).toBeNull();
    const gained = (await lamportsOf([seller, buyer])) + fees - before;
    expect(gained).toBeLessThanOrEqual(0n);
  });

  it('a fresh pair of wallets per deal gains nothing either', async () => {
    let gained = 0n;
    for (let round = 0; round < 3; round++) {
      const seller = await trader(t, { usdc: DEAL });
      const buyer = await trader(t);
      const before = await lamportsOf([seller, buyer]);
      const fees = await settleAndCloseAccount(seller, buyer);
      gained += (await lamportsOf([seller, buyer])) + fees - before;
    }
    expect(gained).toBeLessThanOrEqual(0n);
  });

  it('the admin pays no rent for the attempt: only the network fees of the transactions it co-signed', async () => {
    const seller = await trader(t, { usdc: DEAL });
    const buyer = await trader(t);
    await reclaimRent({ db: t.app.db, chain: t.chain, now: t.clock.now }); // the earlier deals' accounts first
    const mark = await markLedger(t);
    await settleAndCloseAccount(seller, buyer);
    // the deal's escrow accounts (order, vault, ticket) come back through the rent-reclamation job
    expect((await reclaimRent({ db: t.app.db, chain: t.chain, now: t.clock.now })).failed).toEqual([]);
    const { cost, fees } = await ledgerSince(t, mark);
    expect(cost).toBe(fees);
    // the refused admin-paid attempt was never sent; the deal's three co-signed transactions and two closes remain
    expect(cost).toBe(40_000n);
  });

  it("tells a settling seller without SOL that opening the buyer's token account needs a deposit", async () => {
    const seller = await trader(t, { sol: 0n, usdc: DEAL });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, DEAL);
    const dealId = await claim(t, buyer, offerId, DEAL);
    await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, await getOrder(t.app, seller, dealId), seller.key)]));
    await submit(t, buyer, await userTransaction(t, buyer.keypair, signInstructions(t, await getOrder(t.app, buyer, dealId), buyer.key, escrow, false)));
    const settle = signInstructions(t, await getOrder(t.app, seller, dealId), seller.key, escrow, true);
    const response = await postTransaction(t.app, seller, await userTransaction(t, seller.keypair, settle));
    expect(errorOf(response)).toMatchObject({ status: 400, message: cannotFundTokenAccount(2_039_280) });
    expect((await getOrder(t.app, seller, dealId)).status).toBe(OrderStatus.SignedByOneParty);
  });
});
