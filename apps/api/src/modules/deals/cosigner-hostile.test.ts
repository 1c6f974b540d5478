// The co-signer under attack: a corpus of hostile transactions sent by real users (real signatures) against a real
// localnet. Every one must be refused with a clear 400/403/409, leaving the admin's SOL and tokens, the escrow and
// the deals exactly as they were; the legitimate transactions then still work.
import type { OrderDetails } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import {
  INSTRUCTION_DISCRIMINATORS,
  acceptOfferAndLockInstruction,
  adminResolveUniversalTicketInstruction,
  cancelOrderInstruction,
  cancelUniversalTicketInstruction,
  closeOrderInstruction,
  closeTicketInstruction,
  initializeConfigInstruction,
  settleUniversalTicketInstruction,
  signUniversalTicketAnchorForm,
  signUniversalTicketInstruction,
  updateConfigInstruction,
  type Config,
  EscrowError,
  escrowMessage,
} from '@jelly/escrow';
import {
  AuthorityType,
  createApproveInstruction,
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSetAuthorityInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  USDC,
  cancelInstruction,
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
import { errorOf, session, USDT_MINT } from '../orders/testing.ts';
import { DEAL_MISMATCH, NOT_YOUR_DEAL, PAYMENT_WINDOW_CLOSED, UNDER_ADMIN_REVIEW } from './cosigner/authorize-action.ts';

let t: ChainTestApp;
let escrow: Config;
let alice: Trader; // seller (crypto side) of the Sell offers
let bob: Trader; // buyer (fiat side)
let mallory: Trader; // an attacker with her own funds and her own deal
/** In Progress, ready to lock. */
let open: OrderDetails;
/** Locked: ready for the fiat side's signature or cancel. */
let locked: OrderDetails;
/** Completed. */
let settled: OrderDetails;
/** Locked and signed by Bob (the fiat side): Alice's signature settles it. */
let signedByBob: OrderDetails;
/** Mallory's own deal with Bob, locked. */
let malloryDeal: OrderDetails;

const admin = () => t.chain.admin.publicKey;
const adminUsdc = () => getAssociatedTokenAddressSync(USDC, admin());

async function lockDeal(seller: Trader, deal: OrderDetails): Promise<void> {
  await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
}

beforeAll(async () => {
  t = await createChainTestApp();
  escrow = await escrowConfig(t);
  alice = await trader(t, { usdc: 150_000_000n });
  bob = await trader(t, { usdc: 1_000_000n });
  mallory = await trader(t, { usdc: 50_000_000n });

  const offerA = await offer(t, alice, 0, 30_000_000n);
  open = await getOrder(t.app, alice, await claim(t, bob, offerA, 10_000_000n));
  const offerB = await offer(t, alice, 0, 30_000_000n);
  locked = await getOrder(t.app, alice, await claim(t, bob, offerB, 10_000_000n));
  await lockDeal(alice, locked);
  const offerC = await offer(t, alice, 0, 30_000_000n);
  settled = await getOrder(t.app, alice, await claim(t, bob, offerC, 10_000_000n));
  await lockDeal(alice, settled);
  await submit(t, bob, await userTransaction(t, bob.keypair, signInstructions(t, settled, bob.key, escrow, false)));
  await submit(t, alice, await userTransaction(t, alice.keypair, signInstructions(t, settled, alice.key, escrow, true)));
  const offerD = await offer(t, alice, 0, 30_000_000n);
  signedByBob = await getOrder(t.app, alice, await claim(t, bob, offerD, 10_000_000n));
  await lockDeal(alice, signedByBob);
  await submit(t, bob, await userTransaction(t, bob.keypair, signInstructions(t, signedByBob, bob.key, escrow, false)));
  const offerM = await offer(t, mallory, 0, 20_000_000n);
  malloryDeal = await getOrder(t.app, mallory, await claim(t, bob, offerM, 10_000_000n));
  await lockDeal(mallory, malloryDeal);
});
afterAll(async () => {
  await t.close();
});

/** A lock of `open` with some parameters changed (what a tampering client would build). */
function tamperedLock(change: Partial<Parameters<typeof acceptOfferAndLockInstruction>[0]>): TransactionInstruction {
  return acceptOfferAndLockInstruction({
    admin: admin(),
    locker: alice.key,
    mint: USDC,
    orderId: BigInt(open.parentOrderId ?? 0),
    ticketId: BigInt(open.orderId),
    cryptoAmount: BigInt(open.amount),
    fiatAmount: BigInt(open.fiatAmountCents ?? 0),
    isSellOrder: true,
    creator: alice.key,
    fiatGuy: bob.key,
    offerAmount: BigInt(open.parentOffer?.totalAmount ?? 0),
    programId: t.chain.programId,
    ...change,
  });
}

const lockOpen = () => lockInstruction(t, open, alice.key);
const bobSignsLocked = () => signUniversalTicketInstruction({
  admin: admin(),
  signer: bob.key,
  orderId: BigInt(locked.parentOrderId ?? 0),
  ticketId: BigInt(locked.orderId),
  programId: t.chain.programId,
});

/** Bob's signature on `locked` in Anchor's form (program id in the optional settlement slots), one slot replaced. */
function bobSignsLockedAnchorForm(slot: number, account: PublicKey): TransactionInstruction {
  const ix = signUniversalTicketAnchorForm({
    admin: admin(),
    signer: bob.key,
    orderId: BigInt(locked.parentOrderId ?? 0),
    ticketId: BigInt(locked.orderId),
    programId: t.chain.programId,
  });
  const keys = ix.keys.map((key, i) => (i === slot ? { ...key, pubkey: account } : key));
  return new TransactionInstruction({ programId: ix.programId, keys, data: ix.data });
}

/** Signs a legacy transaction with exactly the given keypairs (admin slot left empty). */
async function rawTransaction(instructions: TransactionInstruction[], signers: Keypair[], feePayer = admin()): Promise<Transaction> {
  const { blockhash } = await t.chain.connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer, recentBlockhash: blockhash }).add(...instructions);
  if (signers.length) tx.partialSign(...signers);
  return tx;
}
const encode = (tx: Transaction) => tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');

interface Attack {
  /** Who sends it (the bearer token). */
  as: () => Trader;
  transaction: () => Promise<string>;
  status: 400 | 403 | 409;
  message?: string | RegExp;
}

const attacks: Record<string, Attack> = {
  'not base64 at all': { as: () => alice, transaction: async () => 'this is not base64!', status: 400, message: 'The transaction is not valid base64.' },
  'random bytes': {
    as: () => alice,
    transaction: async () => Buffer.from(Keypair.generate().secretKey).toString('base64'),
    status: 400,
    message: /could not be decoded|header is malformed/,
  },
  'oversized (1,234 bytes)': {
    as: () => alice,
    transaction: async () => Buffer.alloc(1234, 1).toString('base64'),
    status: 400,
    message: 'The transaction is 1234 bytes; the limit is 1232.',
  },
  'far oversized (4 KB, refused by the request schema)': {
    as: () => alice,
    transaction: async () => Buffer.alloc(4096, 1).toString('base64'),
    status: 400,
    message: /transaction is larger than 1232 bytes/,
  },
  'a valid lock with trailing bytes': {
    as: () => alice,
    transaction: async () => {
      const raw = Buffer.from(await userTransaction(t, alice.keypair, [lockOpen()]), 'base64');
      return Buffer.concat([raw, Buffer.from([0, 0, 0])]).toString('base64');
    },
    status: 400,
    message: 'The transaction has trailing or non-canonical bytes.',
  },
  'another fee payer (the user pays, the admin only co-signs)': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [lockOpen()], { feePayer: alice.key }),
    status: 400,
    message: "The fee payer must be the platform's admin key.",
  },
  "missing user signature (the admin's alone)": {
    as: () => alice,
    transaction: async () => encode(await rawTransaction([lockOpen()], [])),
    status: 403,
    message: "Your wallet's signature is missing or does not match the transaction.",
  },
  'a forged user signature (another key signed the bytes)': {
    as: () => alice,
    transaction: async () => {
      const tx = await rawTransaction([lockOpen()], []);
      const forged = Keypair.generate();
      const message = tx.serializeMessage();
      const { ed25519 } = await import('@noble/curves/ed25519.js');
      tx.addSignature(alice.key, Buffer.from(ed25519.sign(message, forged.secretKey.slice(0, 32))));
      return encode(tx);
    },
    status: 403,
    message: "Your wallet's signature is missing or does not match the transaction.",
  },
  "the counterparty submits the seller's signed lock": {
    as: () => bob,
    transaction: async () => userTransaction(t, alice.keypair, [lockOpen()]),
    status: 403,
    message: 'The transaction must be signed by your own wallet.',
  },
  'the buyer locks on behalf of the seller (locker = seller, signed by buyer)': {
    as: () => bob,
    transaction: async () => userTransaction(t, bob.keypair, [tamperedLock({ locker: bob.key })]),
    status: 403,
    message: escrowMessage(EscrowError.FiatGuyCannotLock),
  },
  'a stranger submits a lock of a deal she is not part of': {
    as: () => mallory,
    transaction: async () => userTransaction(t, mallory.keypair, [tamperedLock({ locker: mallory.key })]),
    status: 403,
    message: NOT_YOUR_DEAL,
  },
  'a third signer': {
    as: () => alice,
    transaction: async () => {
      const extra = Keypair.generate();
      const ix = lockOpen();
      ix.keys.push({ pubkey: extra.publicKey, isSigner: true, isWritable: false });
      return userTransaction(t, alice.keypair, [ix], { extraSigners: [extra] });
    },
    status: 400,
    message: 'The transaction asks for signatures of other wallets.',
  },
  'an extra SOL transfer out of the admin': {
    as: () => alice,
    transaction: async () =>
      userTransaction(t, alice.keypair, [lockOpen(), SystemProgram.transfer({ fromPubkey: admin(), toPubkey: alice.key, lamports: 1_000_000 })]),
    status: 400,
    message: /Instructions of program 11111111111111111111111111111111 are not accepted/,
  },
  "an extra SOL transfer out of the user's own wallet": {
    as: () => alice,
    transaction: async () =>
      userTransaction(t, alice.keypair, [SystemProgram.transfer({ fromPubkey: alice.key, toPubkey: mallory.key, lamports: 1 }), lockOpen()]),
    status: 400,
    message: /are not accepted/,
  },
  "a token transfer out of the admin's (treasury) token account": {
    as: () => alice,
    transaction: async () =>
      userTransaction(t, alice.keypair, [
        lockOpen(),
        createTransferInstruction(adminUsdc(), getAssociatedTokenAddressSync(USDC, alice.key), admin(), 1n),
      ]),
    status: 400,
    message: /TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA are not accepted/,
  },
  "approve a delegate over the admin's tokens": {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [lockOpen(), createApproveInstruction(adminUsdc(), alice.key, admin(), 1_000n)]),
    status: 400,
    message: /are not accepted/,
  },
  "set-authority on the admin's token account": {
    as: () => alice,
    transaction: async () =>
      userTransaction(t, alice.keypair, [lockOpen(), createSetAuthorityInstruction(adminUsdc(), admin(), AuthorityType.AccountOwner, alice.key)]),
    status: 400,
    message: /are not accepted/,
  },
  "close-account on the admin's token account": {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [lockOpen(), createCloseAccountInstruction(adminUsdc(), alice.key, admin())]),
    status: 400,
    message: /are not accepted/,
  },
  'a durable-nonce advance first (the admin as nonce authority)': {
    as: () => alice,
    transaction: async () =>
      userTransaction(t, alice.keypair, [
        SystemProgram.nonceAdvance({ noncePubkey: Keypair.generate().publicKey, authorizedPubkey: admin() }),
        lockOpen(),
      ]),
    status: 400,
    message: /are not accepted/,
  },
  'a memo (another program)': {
    as: () => alice,
    transaction: async () =>
      userTransaction(t, alice.keypair, [
        lockOpen(),
        new TransactionInstruction({ programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), keys: [], data: Buffer.from('hi') }),
      ]),
    status: 400,
    message: /are not accepted/,
  },
  'a program that is not the escrow, posing with its instruction data': {
    as: () => alice,
    transaction: async () => {
      const ix = lockOpen();
      return userTransaction(t, alice.keypair, [new TransactionInstruction({ programId: Keypair.generate().publicKey, keys: ix.keys, data: ix.data })]);
    },
    status: 400,
    message: /are not accepted/,
  },
  'admin_resolve_universal_ticket sent by a user (release to herself)': {
    as: () => bob,
    transaction: async () => {
      const ix = adminResolveUniversalTicketInstruction({
        admin: admin(), orderId: BigInt(locked.parentOrderId ?? 0), ticketId: BigInt(locked.orderId), mint: USDC,
        releaseToFiatGuy: true, fiatGuy: bob.key, cryptoGuy: alice.key, treasury: escrow.treasury, programId: t.chain.programId,
      });
      ix.keys.push({ pubkey: bob.key, isSigner: true, isWritable: false });
      return userTransaction(t, bob.keypair, [ix]);
    },
    status: 400,
    message: 'admin_resolve_universal_ticket is not accepted from users: the platform builds admin instructions itself.',
  },
  'update_config handing the admin seat to the user': {
    as: () => mallory,
    transaction: async () =>
      userTransaction(t, mallory.keypair, [updateConfigInstruction({ admin: admin(), newAdmin: mallory.key, treasury: mallory.key, programId: t.chain.programId })]),
    status: 400,
    message: /update_config is not accepted from users/,
  },
  'initialize_config': {
    as: () => mallory,
    transaction: async () => {
      const ix = initializeConfigInstruction({ admin: admin(), treasury: mallory.key, programId: t.chain.programId });
      ix.keys.push({ pubkey: mallory.key, isSigner: true, isWritable: false });
      return userTransaction(t, mallory.keypair, [ix]);
    },
    status: 400,
    message: /initialize_config is not accepted from users/,
  },
  'settle_universal_ticket (admin-only)': {
    as: () => bob,
    transaction: async () => {
      const ix = settleUniversalTicketInstruction({
        admin: admin(), orderId: BigInt(locked.parentOrderId ?? 0), ticketId: BigInt(locked.orderId), mint: USDC, fiatGuy: bob.key,
        treasury: escrow.treasury, programId: t.chain.programId,
      });
      ix.keys.push({ pubkey: bob.key, isSigner: true, isWritable: false });
      return userTransaction(t, bob.keypair, [ix]);
    },
    status: 400,
    message: /settle_universal_ticket is not accepted from users/,
  },
  'close_ticket / close_order / cancel_order': {
    as: () => alice,
    transaction: async () =>
      userTransaction(t, alice.keypair, [
        cancelOrderInstruction({ admin: admin(), authority: alice.key, orderId: BigInt(locked.parentOrderId ?? 0), programId: t.chain.programId }),
        closeOrderInstruction({ admin: admin(), orderId: 1n, mint: USDC, treasury: escrow.treasury, programId: t.chain.programId }),
        closeTicketInstruction({ admin: admin(), orderId: 1n, ticketId: 1n, programId: t.chain.programId }),
      ]),
    status: 400,
    message: /not accepted|Exactly one escrow instruction/,
  },
  'an unknown escrow instruction': {
    as: () => alice,
    transaction: async () => {
      const ix = lockOpen();
      return userTransaction(t, alice.keypair, [new TransactionInstruction({ programId: t.chain.programId, keys: ix.keys, data: Buffer.alloc(16, 7) })]);
    },
    status: 400,
    message: 'The escrow instruction is not one the program knows.',
  },
  'two escrow instructions (the lock twice)': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [lockOpen(), tamperedLock({ cryptoAmount: 1n })]),
    status: 400,
    message: 'Exactly one escrow instruction is accepted per transaction.',
  },
  'a larger amount than the deal': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [tamperedLock({ cryptoAmount: BigInt(open.amount) + 1n })]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  'a smaller amount than the deal': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [tamperedLock({ cryptoAmount: 1n })]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  'another fiat amount': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [tamperedLock({ fiatAmount: 1n })]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  'another offer total': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [tamperedLock({ offerAmount: BigInt(open.amount) })]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  'another mint (USDT)': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [tamperedLock({ mint: new PublicKey(USDT_MINT) })]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  'the attacker as fiat side': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [tamperedLock({ fiatGuy: mallory.key })]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  'a Buy-offer flag on a Sell offer': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [tamperedLock({ isSellOrder: false })]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  "another order id (Mallory's offer) with this deal's ticket": {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [tamperedLock({ orderId: BigInt(malloryDeal.parentOrderId ?? 0) })]),
    status: 409,
    message: 'The transaction names no known deal.',
  },
  "another ticket (Mallory's deal)": {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [tamperedLock({ ticketId: BigInt(malloryDeal.orderId), orderId: BigInt(malloryDeal.parentOrderId ?? 0) })]),
    status: 403,
    message: NOT_YOUR_DEAL,
  },
  'a non-existent ticket id': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [tamperedLock({ ticketId: 9_999_999n })]),
    status: 409,
    message: 'The transaction names no known deal.',
  },
  "a locker token account that is not the seller's": {
    as: () => alice,
    transaction: async () =>
      userTransaction(t, alice.keypair, [tamperedLock({ lockerTokenAccount: getAssociatedTokenAddressSync(USDC, mallory.key) })]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  'the config account marked writable': {
    as: () => alice,
    transaction: async () => {
      const ix = lockOpen();
      const config = ix.keys[2];
      if (config) config.isWritable = true;
      return userTransaction(t, alice.keypair, [ix]);
    },
    status: 400,
    message: DEAL_MISMATCH,
  },
  "the settlement paid into the attacker's token account": {
    as: () => alice,
    transaction: async () =>
      userTransaction(t, alice.keypair, [
        signUniversalTicketInstruction({
          admin: admin(), signer: alice.key, orderId: BigInt(settled.parentOrderId ?? 0), ticketId: BigInt(settled.orderId), programId: t.chain.programId,
          settlement: { mint: USDC, fiatGuy: bob.key, treasury: escrow.treasury, fiatTokenAccount: getAssociatedTokenAddressSync(USDC, mallory.key) },
        }),
      ]),
    status: 409,
    message: escrowMessage(EscrowError.AlreadyCompleted),
  },
  "a cancel refunding into the attacker's token account": {
    as: () => bob,
    transaction: async () =>
      userTransaction(t, bob.keypair, [
        cancelUniversalTicketInstruction({
          admin: admin(), fiatGuy: bob.key, cryptoGuy: alice.key, mint: USDC, orderId: BigInt(locked.parentOrderId ?? 0),
          ticketId: BigInt(locked.orderId), cryptoTokenAccount: getAssociatedTokenAddressSync(USDC, bob.key), programId: t.chain.programId,
        }),
      ]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  'the crypto side signing first (before the fiat side marked paid)': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, signInstructions(t, locked, alice.key, escrow, true)),
    status: 403,
    message: escrowMessage(EscrowError.Unauthorized),
  },
  "replay of a settled deal's signature (new blockhash)": {
    as: () => bob,
    transaction: async () => userTransaction(t, bob.keypair, signInstructions(t, settled, bob.key, escrow, false)),
    status: 409,
    message: escrowMessage(EscrowError.AlreadyCompleted),
  },
  "signing a deal of others (Mallory signs Alice's ticket)": {
    as: () => mallory,
    transaction: async () =>
      userTransaction(t, mallory.keypair, [
        signUniversalTicketInstruction({ admin: admin(), signer: mallory.key, orderId: BigInt(locked.parentOrderId ?? 0), ticketId: BigInt(locked.orderId), programId: t.chain.programId }),
      ]),
    status: 403,
    message: NOT_YOUR_DEAL,
  },
  "the counterparty cancelling (the crypto side cancels its own lock)": {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [cancelInstruction(t, locked, alice.key)]),
    status: 403,
    message: 'Only fiat side can cancel after lock',
  },
  "creating the attacker's token account at the admin's expense": {
    as: () => bob,
    transaction: async () =>
      userTransaction(t, bob.keypair, [
        createAssociatedTokenAccountIdempotentInstruction(admin(), getAssociatedTokenAddressSync(USDC, Keypair.generate().publicKey), Keypair.generate().publicKey, USDC),
        bobSignsLocked(),
      ]),
    status: 400,
    message: /associated token account of its owner|only the token accounts this action pays into/i,
  },
  "creating a recipient's token account of another mint": {
    as: () => bob,
    transaction: async () => {
      const mint = new PublicKey(USDT_MINT);
      return userTransaction(t, bob.keypair, [
        createAssociatedTokenAccountIdempotentInstruction(admin(), getAssociatedTokenAddressSync(mint, bob.key), bob.key, mint),
        bobSignsLocked(),
      ]);
    },
    status: 400,
    message: "Only token accounts of the deal's token may be created.",
  },
  'creating token accounts on a first signature that pays nobody': {
    as: () => bob,
    transaction: async () =>
      userTransaction(t, bob.keypair, [
        createAssociatedTokenAccountIdempotentInstruction(admin(), getAssociatedTokenAddressSync(USDC, bob.key), bob.key, USDC),
        bobSignsLocked(),
      ]),
    status: 400,
    message: 'Only the token accounts this action pays into may be created.',
  },
  'a priority fee above the cap (the admin pays it)': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 10_000_000 }), lockOpen()]),
    status: 400,
    message: /compute-unit price may be at most/,
  },
  'a compute-unit limit above the cap': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [ComputeBudgetProgram.setComputeUnitLimit({ units: 1_400_000 }), lockOpen()]),
    status: 400,
    message: /compute-unit limit may be at most/,
  },
  'a heap-frame request': {
    as: () => alice,
    transaction: async () => userTransaction(t, alice.keypair, [ComputeBudgetProgram.requestHeapFrame({ bytes: 256 * 1024 }), lockOpen()]),
    status: 400,
    message: /Only compute-unit limit and price instructions/,
  },
  'v0 with an address lookup table hiding an account': {
    as: () => alice,
    transaction: async () => {
      const table = new AddressLookupTableAccount({
        key: Keypair.generate().publicKey,
        state: { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: [USDC] },
      });
      const { blockhash } = await t.chain.connection.getLatestBlockhash();
      const message = new TransactionMessage({ payerKey: admin(), recentBlockhash: blockhash, instructions: [lockOpen()] }).compileToV0Message([table]);
      const tx = new VersionedTransaction(message);
      tx.sign([alice.keypair]);
      return Buffer.from(tx.serialize()).toString('base64');
    },
    status: 400,
    message: 'Address lookup tables are not accepted: every account must be listed in the transaction.',
  },
  "Anchor's form of a signature with another account in an optional slot (the vault's)": {
    as: () => bob,
    transaction: async () => userTransaction(t, bob.keypair, [bobSignsLockedAnchorForm(5, bob.key)]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  "Anchor's form of a signature with the system program in the last optional slot": {
    as: () => bob,
    transaction: async () => userTransaction(t, bob.keypair, [bobSignsLockedAnchorForm(8, SystemProgram.programId)]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  "Anchor's form (no settlement accounts) for the settling signature": {
    as: () => alice,
    transaction: async () =>
      userTransaction(t, alice.keypair, [
        signUniversalTicketAnchorForm({
          admin: admin(),
          signer: alice.key,
          orderId: BigInt(signedByBob.parentOrderId ?? 0),
          ticketId: BigInt(signedByBob.orderId),
          programId: t.chain.programId,
        }),
      ]),
    status: 400,
    message: DEAL_MISMATCH,
  },
  "a lock with the data of a sign (discriminator swap)": {
    as: () => alice,
    transaction: async () => {
      const ix = lockOpen();
      const data = Buffer.from(ix.data);
      data.set(INSTRUCTION_DISCRIMINATORS.sign_universal_ticket, 0);
      return userTransaction(t, alice.keypair, [new TransactionInstruction({ programId: ix.programId, keys: ix.keys, data })]);
    },
    status: 409,
    message: escrowMessage(EscrowError.CryptoGuyMustLockFirst),
  },
};

describe('POST /platform/admin/sign-and-send refuses hostile transactions', () => {
  it(`has a corpus of at least 30 attacks (${Object.keys(attacks).length})`, () => {
    expect(Object.keys(attacks).length).toBeGreaterThanOrEqual(30);
  });

  it.each(Object.entries(attacks))('%s', async (_name, attack) => {
    const adminSol = await solOf(t, admin());
    const adminTokens = await usdcOf(t, admin());
    const balances = await Promise.all([alice, bob, mallory].map((p) => usdcOf(t, p.key)));
    const statuses = await Promise.all([open, locked, settled, malloryDeal].map(async (d) => (await dealRow(t, d.orderId)).status));

    const response = await postTransaction(t.app, attack.as(), await attack.transaction());
    const error = errorOf(response);
    expect(error.status).toBe(attack.status);
    if (typeof attack.message === 'string') expect(error.message).toBe(attack.message);
    else if (attack.message) expect(error.message).toMatch(attack.message);

    expect(await solOf(t, admin())).toBe(adminSol);
    expect(await usdcOf(t, admin())).toBe(adminTokens);
    expect(await Promise.all([alice, bob, mallory].map((p) => usdcOf(t, p.key)))).toEqual(balances);
    expect(await Promise.all([open, locked, settled, malloryDeal].map(async (d) => (await dealRow(t, d.orderId)).status))).toEqual(statuses);
  });

  it('refuses a request without a bearer token (401) and a malformed body (400)', async () => {
    expect((await postTransaction(t.app, null, await userTransaction(t, alice.keypair, [lockOpen()]))).statusCode).toBe(401);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/platform/admin/sign-and-send', headers: alice.headers, payload: {} });
    expect(errorOf(noBody)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('refuses a lock once the payment window has closed', async () => {
    const offerId = await offer(t, alice, 0, 5_000_000n);
    const deal = await getOrder(t.app, alice, await claim(t, bob, offerId, 5_000_000n));
    t.clock.advance(deal.paymentWindowMinutes * 60_000 + 1);
    try {
      const again = await session(t.app, alice.wallet); // the access token expired meanwhile
      const response = await postTransaction(t.app, again, await userTransaction(t, alice.keypair, [lockInstruction(t, deal, alice.key)]));
      expect(errorOf(response)).toMatchObject({ status: 409, message: PAYMENT_WINDOW_CLOSED });
    } finally {
      t.clock.advance(-(deal.paymentWindowMinutes * 60_000 + 1));
    }
  });

  it('refuses user actions on a deal under admin review', async () => {
    const offerId = await offer(t, alice, 0, 5_000_000n);
    const deal = await getOrder(t.app, alice, await claim(t, bob, offerId, 5_000_000n));
    const support = await t.app.inject({
      method: 'POST',
      url: '/api/platform/call-tg-bot',
      headers: bob.headers,
      payload: { dealId: String(deal.orderId), buyerWallet: bob.wallet.address, sellerWallet: alice.wallet.address, orderUrl: 'http://x/swap-chat/1', receiver: 'Admin', messageType: 'AdminNotification' },
    });
    expect(support.statusCode).toBe(200);
    const response = await postTransaction(t.app, alice, await userTransaction(t, alice.keypair, [lockInstruction(t, deal, alice.key)]));
    expect(errorOf(response)).toMatchObject({ status: 409, message: UNDER_ADMIN_REVIEW });
    expect((await dealRow(t, deal.orderId)).status).toBe(OrderStatus.AdminResolving);
  });

  it('still accepts the legitimate transactions afterwards, also as v0 messages with a compute budget', async () => {
    const lock = await submit(
      t,
      alice,
      await userTransaction(t, alice.keypair, [ComputeBudgetProgram.setComputeUnitLimit({ units: 100_000 }), lockOpen()], { version: 'v0' }),
    );
    expect(lock.status).toBe(OrderStatus.CryptoGuyLockedCrypto);
    const paid = await submit(t, bob, await userTransaction(t, bob.keypair, signInstructions(t, locked, bob.key, escrow, false), { version: 'v0' }));
    expect(paid.status).toBe(OrderStatus.SignedByOneParty);
  });
});
