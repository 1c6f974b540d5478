// The whole deal on a real localnet through the API, with real user signatures: the browser's transactions are
// built with @jelly/escrow, signed by the user's key, co-signed and submitted by POST /platform/admin/sign-and-send.
import type { PublicConfig, SignAndSendResponse } from '@jelly/contracts';
import { OrderStatus, settlementPayout } from '@jelly/domain';
import { findOrderPda, findVaultPda, type Config, EscrowError, escrowMessage } from '@jelly/escrow';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { ComputeBudgetProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealTransactions } from '../../db/schema/index.ts';
import {
  USDC,
  cancelInstruction,
  cancelInstructions,
  claim,
  dealRow,
  escrowConfig,
  getOrder,
  lockInstruction,
  offer,
  postTransaction,
  signInstructions,
  solOf,
  submit,
  trader,
  usdcOf,
  userTransaction,
  type Trader,
} from '../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
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

describe('GET /platform/config with a chain', () => {
  it('publishes the escrow program id and the admin key as fee payer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/platform/config' });
    expect(response.json<PublicConfig>()).toMatchObject({
      escrowProgramId: t.chain.programId.toBase58(),
      feePayer: t.chain.admin.publicKey.toBase58(),
    });
  });
});

describe('a Sell offer, from claim to Completed', () => {
  let alice: Trader; // seller: creator of the Sell offer = crypto side
  let bob: Trader; // buyer: claimer = fiat side

  beforeAll(async () => {
    alice = await trader(t, { usdc: 100_000_000n });
    bob = await trader(t);
  });

  it('locks, marks paid, settles: buyer gets amount − fee, treasury the fee, the offer keeps the rest', async () => {
    const offerId = await offer(t, alice, 0, 100_000_000n);
    const dealId = await claim(t, bob, offerId, 40_000_000n);
    const treasuryBefore = await usdcOf(t, escrow.treasury);
    const adminSolBefore = await solOf(t, t.chain.admin.publicKey);

    // Alice locks from the chat header.
    let deal = await getOrder(t.app, alice, dealId);
    const locked = await submit(t, alice, await userTransaction(t, alice.keypair, [lockInstruction(t, deal, alice.key)]));
    expect(locked).toMatchObject({ orderId: dealId, status: OrderStatus.CryptoGuyLockedCrypto, kind: 'lock', alreadyProcessed: false });
    const [order] = findOrderPda(BigInt(offerId), t.chain.programId);
    expect((await getAccount(t.chain.connection, findVaultPda(order, t.chain.programId)[0])).amount).toBe(40_000_000n);
    expect(await usdcOf(t, alice.key)).toBe(60_000_000n);
    const lockedRow = await dealRow(t, dealId);
    expect(lockedRow.lockSignature).toBe(locked.signature);
    expect(lockedRow.lockedAt).not.toBeNull();

    // Bob pays off-chain and marks paid (first signature).
    deal = await getOrder(t.app, bob, dealId);
    const paid = await submit(t, bob, await userTransaction(t, bob.keypair, signInstructions(t, deal, bob.key, escrow, false)));
    expect(paid).toMatchObject({ status: OrderStatus.SignedByOneParty, kind: 'sign' });

    // Alice confirms receipt (second signature): settlement in the same instruction.
    deal = await getOrder(t.app, alice, dealId);
    const done = await submit(t, alice, await userTransaction(t, alice.keypair, signInstructions(t, deal, alice.key, escrow, true)));
    expect(done).toMatchObject({ status: OrderStatus.Completed, kind: 'sign' });

    const { fee, toFiatSide } = settlementPayout(40_000_000n, escrow.feeBps);
    expect(fee).toBeGreaterThan(0n);
    expect(await usdcOf(t, bob.key)).toBe(toFiatSide);
    expect((await usdcOf(t, escrow.treasury)) - treasuryBefore).toBe(fee);
    expect(await usdcOf(t, alice.key)).toBe(60_000_000n);

    const offerAfter = await getOrder(t.app, alice, offerId);
    expect(offerAfter).toMatchObject({ amount: '60000000', filledQuantity: '40000000', status: OrderStatus.Active });
    expect(await getOrder(t.app, bob, dealId)).toMatchObject({ status: OrderStatus.Completed, filledQuantity: '40000000' });

    // The admin paid fees and rent (3 transactions) but nothing else left its SOL: under 0.01 SOL in all.
    const spent = adminSolBefore - (await solOf(t, t.chain.admin.publicKey));
    expect(spent).toBeGreaterThan(0n);
    expect(spent).toBeLessThan(10_000_000n);
  });
});

describe('a Buy offer: the seller claims and locks in one step', () => {
  it('runs to Completed with the creator (fiat side) receiving amount − fee', async () => {
    const carol = await trader(t); // buyer: creator of the Buy offer = fiat side
    const dave = await trader(t, { usdc: 50_000_000n }); // seller: claimer = crypto side
    const offerId = await offer(t, carol, 1, 100_000_000n);
    const dealId = await claim(t, dave, offerId, 25_000_000n);

    let deal = await getOrder(t.app, dave, dealId);
    expect((await submit(t, dave, await userTransaction(t, dave.keypair, [lockInstruction(t, deal, dave.key)]))).status).toBe(
      OrderStatus.CryptoGuyLockedCrypto,
    );
    deal = await getOrder(t.app, carol, dealId);
    expect((await submit(t, carol, await userTransaction(t, carol.keypair, signInstructions(t, deal, carol.key, escrow, false)))).status).toBe(
      OrderStatus.SignedByOneParty,
    );
    deal = await getOrder(t.app, dave, dealId);
    expect((await submit(t, dave, await userTransaction(t, dave.keypair, signInstructions(t, deal, dave.key, escrow, true)))).status).toBe(
      OrderStatus.Completed,
    );
    expect(await usdcOf(t, carol.key)).toBe(settlementPayout(25_000_000n, escrow.feeBps).toFiatSide);
    expect(await usdcOf(t, dave.key)).toBe(25_000_000n);
    expect(await getOrder(t.app, carol, offerId)).toMatchObject({ amount: '75000000', filledQuantity: '25000000' });
  });

  it("refuses the Buy offer's creator (the fiat side) locking: 'Fiat Guy cannot lock crypto - role violation'", async () => {
    const carol = await trader(t, { usdc: 10_000_000n });
    const dave = await trader(t, { usdc: 10_000_000n });
    const offerId = await offer(t, carol, 1, 10_000_000n);
    const dealId = await claim(t, dave, offerId, 5_000_000n);
    const deal = await getOrder(t.app, carol, dealId);
    const response = await postTransaction(t.app, carol, await userTransaction(t, carol.keypair, [lockInstruction(t, deal, carol.key)]));
    expect(errorOf(response)).toMatchObject({ status: 403, message: escrowMessage(EscrowError.FiatGuyCannotLock) });
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.InProgress);
  });
});

describe('the fiat side cancels after the lock', () => {
  it('refunds the crypto side on chain, Cancelled, the amount back on the offer', async () => {
    const seller = await trader(t, { usdc: 30_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 30_000_000n);
    const dealId = await claim(t, buyer, offerId, 30_000_000n);
    expect((await getOrder(t.app, seller, offerId)).amount).toBe('0');

    const deal = await getOrder(t.app, seller, dealId);
    await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    expect(await usdcOf(t, seller.key)).toBe(0n);

    // The seller may not cancel a locked deal.
    const bySeller = await postTransaction(t.app, seller, await userTransaction(t, seller.keypair, [cancelInstruction(t, deal, seller.key)]));
    expect(errorOf(bySeller)).toMatchObject({ status: 403, message: 'Only fiat side can cancel after lock' });

    const cancelled = await submit(t, buyer, await userTransaction(t, buyer.keypair, cancelInstructions(t, deal, buyer.key)));
    expect(cancelled).toMatchObject({ status: OrderStatus.Cancelled, kind: 'cancel' });
    expect(await usdcOf(t, seller.key)).toBe(30_000_000n);
    expect(await getOrder(t.app, seller, offerId)).toMatchObject({ amount: '30000000', filledQuantity: '0' });

    // Nothing further: the fiat side cannot sign a cancelled deal.
    const late = await postTransaction(t.app, buyer, await userTransaction(t, buyer.keypair, signInstructions(t, deal, buyer.key, escrow, false)));
    expect(errorOf(late)).toMatchObject({ status: 409, message: escrowMessage(EscrowError.AlreadyCancelled) });
  });

  it('refuses a cancel once the fiat side has signed (the deal can only settle or go to the admin)', async () => {
    const seller = await trader(t, { usdc: 5_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 5_000_000n);
    const dealId = await claim(t, buyer, offerId, 5_000_000n);
    const deal = await getOrder(t.app, seller, dealId);
    await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    await submit(t, buyer, await userTransaction(t, buyer.keypair, signInstructions(t, deal, buyer.key, escrow, false)));
    const response = await postTransaction(t.app, buyer, await userTransaction(t, buyer.keypair, [cancelInstruction(t, deal, buyer.key)]));
    expect(errorOf(response)).toMatchObject({ status: 409, message: escrowMessage(EscrowError.CannotCancel) });
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.SignedByOneParty);
  });
});

describe('idempotency', () => {
  it('answers the same transaction twice with the first result, and it lands once', async () => {
    const seller = await trader(t, { usdc: 8_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 8_000_000n);
    const dealId = await claim(t, buyer, offerId, 8_000_000n);
    const deal = await getOrder(t.app, seller, dealId);
    const tx = await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]);

    const first = await submit(t, seller, tx);
    const second = await submit(t, seller, tx);
    expect(second).toEqual<SignAndSendResponse>({ ...first, alreadyProcessed: true });
    expect(await usdcOf(t, seller.key)).toBe(0n);
    const rows = await t.app.db.select().from(dealTransactions).where(eq(dealTransactions.orderId, dealId));
    expect(rows.map((r) => [r.signature, r.state, r.kind])).toEqual([[first.signature, 'confirmed', 'lock']]);
  });

  it('lets exactly one of three simultaneous identical submissions act; all three get the same answer', async () => {
    const seller = await trader(t, { usdc: 8_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 8_000_000n);
    const dealId = await claim(t, buyer, offerId, 8_000_000n);
    const deal = await getOrder(t.app, seller, dealId);
    const tx = await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]);

    const answers = await Promise.all([0, 1, 2].map(() => submit(t, seller, tx)));
    expect(new Set(answers.map((a) => a.signature)).size).toBe(1);
    expect(answers.map((a) => a.status)).toEqual([8, 8, 8]);
    expect(answers.filter((a) => !a.alreadyProcessed)).toHaveLength(1);
    expect(await usdcOf(t, seller.key)).toBe(0n);
  });

  it("answers a transaction the chain already processed (its record lost) with 'already processed' and the chain's status", async () => {
    const seller = await trader(t, { usdc: 3_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 3_000_000n);
    const dealId = await claim(t, buyer, offerId, 3_000_000n);
    const deal = await getOrder(t.app, seller, dealId);
    const tx = await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]);
    const first = await submit(t, seller, tx);
    await t.app.db.delete(dealTransactions).where(eq(dealTransactions.signature, first.signature));

    const again = await submit(t, seller, tx);
    expect(again).toMatchObject({ signature: first.signature, orderId: dealId, status: 8, alreadyProcessed: true });
  });

  it('lets one of two different, simultaneous locks of one deal through: one transaction per deal in flight', async () => {
    const seller = await trader(t, { usdc: 4_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 4_000_000n);
    const dealId = await claim(t, buyer, offerId, 4_000_000n);
    const deal = await getOrder(t.app, seller, dealId);
    const plain = await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]);
    const budgeted = await userTransaction(t, seller.keypair, [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
      lockInstruction(t, deal, seller.key),
    ]);
    const answers = await Promise.all([postTransaction(t.app, seller, plain), postTransaction(t.app, seller, budgeted)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused && errorOf(refused).message).toMatch(/^(Another transaction for this deal is being processed\. Try again in a moment\.|Lock not available for this order)$/);
    expect(await usdcOf(t, seller.key)).toBe(0n);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);
  });

  it('refuses a second, different lock of a locked deal: the chain would lock twice', async () => {
    const seller = await trader(t, { usdc: 6_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 6_000_000n);
    const dealId = await claim(t, buyer, offerId, 3_000_000n);
    const deal = await getOrder(t.app, seller, dealId);
    await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    // a new blockhash makes a new transaction (another signature) for the same action
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await postTransaction(t.app, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    expect(errorOf(again)).toMatchObject({ status: 409, message: 'Lock not available for this order' });
    expect(await usdcOf(t, seller.key)).toBe(3_000_000n);
  });
});

describe('the chain refuses what the database allowed', () => {
  it("maps the program's error to its user-facing message, keeps the deal, and lets the user retry once fixed", async () => {
    const seller = await trader(t, { usdc: 9_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 9_000_000n);
    const dealId = await claim(t, buyer, offerId, 9_000_000n);
    // The seller moves tokens away after the claim: the lock's simulation fails with 6000.
    const parking = (await trader(t)).key;
    const parkingAta = getAssociatedTokenAddressSync(USDC, parking);
    await sendAndConfirmTransaction(
      t.chain.connection,
      new Transaction().add(
        createAssociatedTokenAccountIdempotentInstruction(seller.key, parkingAta, parking, USDC),
        createTransferInstruction(getAssociatedTokenAddressSync(USDC, seller.key), parkingAta, seller.key, 5_000_000n),
      ),
      [seller.keypair],
    );

    const deal = await getOrder(t.app, seller, dealId);
    const refused = await postTransaction(t.app, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    expect(errorOf(refused)).toEqual({ status: 409, code: 'TRANSACTION_FAILED', message: escrowMessage(EscrowError.InsufficientBalance) });
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.InProgress);
    expect(await t.app.db.select().from(dealTransactions).where(eq(dealTransactions.orderId, dealId))).toEqual([]);

    await t.chain.localnet.faucet(seller.key, { usdc: 5_000_000n });
    const locked = await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    expect(locked.status).toBe(OrderStatus.CryptoGuyLockedCrypto);
  });
});

describe('without a chain', () => {
  it('answers 503 CHAIN_UNAVAILABLE with its message', async () => {
    const { createTestApp } = await import('../../../test/helpers/test-app.ts');
    const { createWallet } = await import('../../../test/helpers/wallet.ts');
    const { session } = await import('../orders/testing.ts');
    const plain = await createTestApp();
    try {
      const s = await session(plain.app, createWallet());
      const response = await postTransaction(plain.app, s, 'AAAA');
      expect(errorOf(response)).toEqual({
        status: 503,
        code: 'CHAIN_UNAVAILABLE',
        message: 'On-chain actions are unavailable: the server has no Solana connection.',
      });
    } finally {
      await plain.close();
    }
  });
});
