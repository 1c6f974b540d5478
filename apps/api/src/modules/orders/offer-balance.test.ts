import { insufficientBalanceMessage } from '@jelly/domain';
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainTestApp, createChainWallet, type ChainTestApp, type ChainWallet } from '../../../test/helpers/test-chain.ts';
import { USDC_MINT, buyOfferBody, createOrder, errorOf, postOrder, session, type Session } from './testing.ts';

/** A Sell offer of `amount` USDC base units, limits wide enough for any claim. */
const sellBody = (amount: string) => buyOfferBody({ orderSide: 0, amount, minFiatAmount: '0', maxFiatAmount: '0' });

describe('the same tokens cannot be offered twice', () => {
  let t: ChainTestApp;
  let sellerWallet: ChainWallet;
  let seller: Session;
  let buyer: Session;
  let sink: ChainWallet;

  beforeAll(async () => {
    t = await createChainTestApp();
    sellerWallet = createChainWallet();
    sink = createChainWallet();
    await t.chain.faucet?.(sellerWallet.keypair.publicKey, { sol: 1_000_000_000n, usdc: 100_000_000n });
    await t.chain.faucet?.(sink.keypair.publicKey, { sol: 1_000_000_000n, usdc: 1n });
    seller = await session(t.app, sellerWallet);
    buyer = await session(t.app, createChainWallet());
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('refuses a second Sell offer when the open ones would exceed the balance; what fits is accepted', async () => {
    await createOrder(t.app, seller, sellBody('60000000'));
    const second = await postOrder(t.app, seller, sellBody('60000000'));
    expect(errorOf(second)).toMatchObject({ status: 400, message: insufficientBalanceMessage('USDC', '60') });
    // 60 + 40 = the whole balance of 100 USDC.
    await createOrder(t.app, seller, sellBody('40000000'));
    expect(errorOf(await postOrder(t.app, seller, sellBody('1'))).message).toBe(insufficientBalanceMessage('USDC', '0.000001'));
  });

  it('checks again at claim: tokens moved away after the offer was listed make the claim fail with the message', async () => {
    const fresh = createChainWallet();
    await t.chain.faucet?.(fresh.keypair.publicKey, { sol: 1_000_000_000n, usdc: 50_000_000n });
    const owner = await session(t.app, fresh);
    const offerId = await createOrder(t.app, owner, sellBody('50000000'));

    // The creator sends 30 USDC elsewhere: 20 USDC left for an offer of 50.
    const mint = new PublicKey(USDC_MINT);
    const from = getAssociatedTokenAddressSync(mint, fresh.keypair.publicKey);
    const to = getAssociatedTokenAddressSync(mint, sink.keypair.publicKey);
    const transfer = new Transaction().add(createTransferCheckedInstruction(from, mint, to, fresh.keypair.publicKey, 30_000_000n, 6));
    const signature = await t.chain.connection.sendTransaction(transfer, [fresh.keypair]);
    await t.chain.connection.confirmTransaction(signature, 'confirmed');

    const claim = await postOrder(t.app, buyer, { parentOrderId: offerId, amount: '10000000' });
    expect(errorOf(claim)).toMatchObject({ status: 400, message: insufficientBalanceMessage('USDC', '10') });

    // Back to 50 USDC: the same claim succeeds.
    await t.chain.faucet?.(fresh.keypair.publicKey, { usdc: 30_000_000n });
    expect((await postOrder(t.app, buyer, { parentOrderId: offerId, amount: '10000000' })).statusCode).toBe(200);
  });
});
