// Other people's software drives a deal: every escrow instruction is built by an @coral-xyz/anchor `Program` made
// from the published IDL alone (Anchor derives config, order, ticket and vault from the IDL's seeds), signed by
// the user and co-signed by POST /platform/admin/sign-and-send on a real localnet.
import { AnchorError, AnchorProvider, BN, Program, Wallet, type Idl } from '@coral-xyz/anchor';
import type { OrderDetails } from '@jelly/contracts';
import { OrderStatus, fiatSideWallet, settlementPayout } from '@jelly/domain';
import { EscrowError, escrowMessage, ensureTokenAccountsInstructions, findConfigPda, findOrderPda, findTicketPda, findVaultPda, type Config } from '@jelly/escrow';
import idlJson from '@jelly/escrow/idl.json' with { type: 'json' };
import { getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  USDC,
  claim,
  escrowConfig,
  getOrder,
  offer,
  submit,
  trader,
  usdcOf,
  userTransaction,
  type Trader,
} from '../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, type ChainTestApp } from '../../../test/helpers/test-chain.ts';

let t: ChainTestApp;
let escrow: Config;
let program: Program;
let alice: Trader; // seller: creator of the Sell offers = crypto side
let bob: Trader; // buyer: claimer = fiat side

beforeAll(async () => {
  t = await createChainTestApp();
  escrow = await escrowConfig(t);
  // Anchor builds the instructions and the test's users sign them; the provider's wallet is the fee payer of
  // simulations only (they run unsigned).
  const provider = new AnchorProvider(t.chain.connection, new Wallet(t.chain.adminKeypair), { commitment: 'confirmed' });
  program = new Program({ ...(idlJson as Idl), address: t.chain.programId.toBase58() }, provider);
  alice = await trader(t, { usdc: 100_000_000n });
  bob = await trader(t);
});
afterAll(async () => {
  await t.close();
});

/** The instruction builder of the IDL's method `name`; a null account is an optional account left out. */
interface Builder {
  accounts(accounts: Record<string, PublicKey | null>): { instruction(): Promise<TransactionInstruction>; simulate(): Promise<unknown> };
}
function method(name: string, ...args: unknown[]): Builder {
  const build = program.methods[name];
  if (!build) throw new Error(`the IDL has no instruction ${name}`);
  return build(...args) as unknown as Builder;
}

const bn = (value: string | number | bigint) => new BN(value.toString());
const ata = (owner: PublicKey) => getAssociatedTokenAddressSync(USDC, owner, true);

/** The deal's order and ticket: a sign or cancel carries no ids, so the client names these two and Anchor derives the rest. */
function dealAccounts(deal: OrderDetails) {
  const [order] = findOrderPda(BigInt(deal.parentOrderId ?? 0), t.chain.programId);
  const [ticket] = findTicketPda(order, BigInt(deal.orderId), t.chain.programId);
  return { order, ticket };
}

/** accept_offer_and_lock from GET /orders/{id}: only the arguments and the non-PDA accounts are given. */
function anchorLock(deal: OrderDetails, locker: Trader): Promise<TransactionInstruction> {
  if (!deal.parentOffer || deal.parentOrderId === null || deal.fiatAmountCents === null) throw new Error('not a deal');
  const { order, ticket } = dealAccounts(deal);
  const bump = (address: PublicKey, seeds: Buffer[]) => {
    const [derived, b] = PublicKey.findProgramAddressSync(seeds, t.chain.programId);
    if (!derived.equals(address)) throw new Error('bump search disagrees');
    return b;
  };
  const orderBump = bump(order, [Buffer.from('order'), bn(deal.parentOrderId).toArrayLike(Buffer, 'le', 8)]);
  const ticketBump = bump(ticket, [Buffer.from('ticket'), order.toBuffer(), bn(deal.orderId).toArrayLike(Buffer, 'le', 8)]);
  const vaultBump = findVaultPda(order, t.chain.programId)[1];
  return method(
    'acceptOfferAndLock',
    bn(deal.parentOrderId),
    bn(deal.orderId),
    bn(deal.amount),
    bn(deal.fiatAmountCents),
    deal.offerSide === 0,
    new PublicKey(deal.creatorWallet),
    new PublicKey(fiatSideWallet(deal) ?? ''),
    bn(deal.parentOffer.totalAmount),
    orderBump,
    vaultBump,
    ticketBump,
  )
    .accounts({ admin: t.chain.admin.publicKey, locker: locker.key, mint: USDC, lockerToken: ata(locker.key) })
    .instruction();
}

describe('a deal driven by an Anchor Program built from the IDL', () => {
  it('locks, records the fiat side signature (optional accounts left out), settles on the second signature', async () => {
    const offerId = await offer(t, alice, 0, 60_000_000n);
    const dealId = await claim(t, bob, offerId, 40_000_000n);
    const treasuryBefore = await usdcOf(t, escrow.treasury);
    const admin = t.chain.admin.publicKey;

    let deal = await getOrder(t.app, alice, dealId);
    const lock = await anchorLock(deal, alice);
    const { order, ticket } = dealAccounts(deal);
    // Anchor derived every PDA from the IDL's seeds, exactly where the program expects them.
    expect(lock.keys.slice(2, 6).map((k) => k.pubkey.toBase58())).toEqual(
      [findConfigPda(t.chain.programId)[0], order, ticket, findVaultPda(order, t.chain.programId)[0]].map((k) => k.toBase58()),
    );
    const locked = await submit(t, alice, await userTransaction(t, alice.keypair, [lock]));
    expect(locked).toMatchObject({ orderId: dealId, status: OrderStatus.CryptoGuyLockedCrypto, kind: 'lock' });
    expect((await getAccount(t.chain.connection, findVaultPda(order, t.chain.programId)[0])).amount).toBe(40_000_000n);

    // Bob marks paid: Anchor passes the program id in each optional settlement slot.
    deal = await getOrder(t.app, bob, dealId);
    const bobSigns = await method('signUniversalTicket')
      .accounts({ admin, signer: bob.key, order, ticket, vault: null, fiatToken: null, treasuryToken: null, tokenProgram: null })
      .instruction();
    expect(bobSigns.keys.slice(5).every((k) => k.pubkey.equals(t.chain.programId) && !k.isWritable && !k.isSigner)).toBe(true);
    const paid = await submit(t, bob, await userTransaction(t, bob.keypair, [bobSigns]));
    expect(paid).toMatchObject({ status: OrderStatus.SignedByOneParty, kind: 'sign' });

    // Alice confirms receipt with the settlement accounts (the vault and the token program derived by Anchor).
    deal = await getOrder(t.app, alice, dealId);
    const aliceSigns = await method('signUniversalTicket')
      .accounts({ admin, signer: alice.key, order, ticket, fiatToken: ata(bob.key), treasuryToken: ata(escrow.treasury) })
      .instruction();
    const recipients = ensureTokenAccountsInstructions(alice.key, USDC, [bob.key, escrow.treasury]);
    const done = await submit(t, alice, await userTransaction(t, alice.keypair, [...recipients, aliceSigns]));
    expect(done).toMatchObject({ status: OrderStatus.Completed, kind: 'sign' });

    const { fee, toFiatSide } = settlementPayout(40_000_000n, escrow.feeBps);
    expect(await usdcOf(t, bob.key)).toBe(toFiatSide);
    expect((await usdcOf(t, escrow.treasury)) - treasuryBefore).toBe(fee);
    expect(await getOrder(t.app, bob, dealId)).toMatchObject({ status: OrderStatus.Completed });

    // The program's failure, simulated by Anchor's client, is named from the program's AnchorError log line. (Anchor
    // 0.32's `.simulate()` rejects with a SimulateError that carries the logs in `simulationResponse` without parsing
    // them, so the line is read with Anchor's own parser.)
    const again = method('signUniversalTicket').accounts({ admin, signer: bob.key, order, ticket, vault: null, fiatToken: null, treasuryToken: null, tokenProgram: null });
    const error = (await again.simulate().then(
      () => null,
      (e: unknown) => e,
    )) as { simulationResponse?: { logs: string[] | null } } | null;
    const named = AnchorError.parse(error?.simulationResponse?.logs ?? []);
    expect(named?.error.errorCode).toEqual({ code: 'AlreadyCompleted', number: 6005 });
    expect(named?.error.errorMessage).toBe(escrowMessage(EscrowError.AlreadyCompleted));
  });

  it('locks and the fiat side cancels: the tokens go back to the crypto side', async () => {
    const offerId = await offer(t, alice, 0, 20_000_000n);
    const dealId = await claim(t, bob, offerId, 15_000_000n);
    const before = await usdcOf(t, alice.key);

    let deal = await getOrder(t.app, alice, dealId);
    await submit(t, alice, await userTransaction(t, alice.keypair, [await anchorLock(deal, alice)]));
    expect(await usdcOf(t, alice.key)).toBe(before - 15_000_000n);

    deal = await getOrder(t.app, bob, dealId);
    const cancel = await method('cancelUniversalTicket')
      .accounts({ admin: t.chain.admin.publicKey, fiatGuy: bob.key, ...dealAccounts(deal), cryptoToken: ata(alice.key) })
      .instruction();
    const cancelled = await submit(t, bob, await userTransaction(t, bob.keypair, [cancel]));
    expect(cancelled).toMatchObject({ status: OrderStatus.Cancelled, kind: 'cancel' });
    expect(await usdcOf(t, alice.key)).toBe(before);
  });
});
