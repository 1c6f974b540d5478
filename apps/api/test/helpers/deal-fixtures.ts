/**
 * Deal test helpers: what the browser does (build the escrow instruction with @jelly/escrow from GET /orders/{id},
 * the admin as fee payer, sign with the user's own key, POST it to the co-signer), and readers of the chain.
 */
import type { OrderDetails, SignAndSendResponse } from '@jelly/contracts';
import { claimTakesPaymentDetails, cryptoSideWallet, fiatSideWallet } from '@jelly/domain';
import {
  acceptOfferAndLockInstruction,
  cancelUniversalTicketInstruction,
  dealInstructionArgs,
  decodeConfig,
  DEFAULT_CONFIG,
  ensureTokenAccountsInstructions,
  findConfigPda,
  signUniversalTicketInstruction,
  type Config,
} from '@jelly/escrow';
import { createAssociatedTokenAccountIdempotentInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import {
  PublicKey,
  Transaction,
  sendAndConfirmTransaction,
  TransactionMessage,
  VersionedTransaction,
  type Keypair,
  type TransactionInstruction,
} from '@solana/web3.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { orders } from '../../src/db/schema/index.ts';
import { buyOfferBody, createOrder, sellerDetails, session, USDC_MINT, type Session } from '../../src/modules/orders/testing.ts';
import type { ChainTestApp, ChainWallet } from './test-chain.ts';
import { createChainWallet } from './test-chain.ts';

export { USDC_MINT };
export const USDC = new PublicKey(USDC_MINT);

/** A wallet with SOL and USDC on the localnet, signed in to the API. */
export interface Trader extends Session {
  wallet: ChainWallet;
  keypair: Keypair;
  key: PublicKey;
}

export async function trader(t: ChainTestApp, funds: { sol?: bigint; usdc?: bigint } = {}): Promise<Trader> {
  const wallet = createChainWallet();
  await t.chain.localnet.faucet(wallet.keypair.publicKey, { sol: funds.sol ?? 1_000_000_000n, usdc: funds.usdc ?? 0n });
  const s = await session(t.app, wallet);
  return { ...s, wallet, keypair: wallet.keypair, key: wallet.keypair.publicKey };
}

/** The trader opens its own USDC account (its transaction, its rent): what a wallet does before receiving a coin. */
export async function openUsdcAccount(t: ChainTestApp, owner: Trader): Promise<void> {
  const ix = createAssociatedTokenAccountIdempotentInstruction(owner.key, getAssociatedTokenAddressSync(USDC, owner.key), owner.key, USDC);
  await sendAndConfirmTransaction(t.chain.connection, new Transaction().add(ix), [owner.keypair], { commitment: 'confirmed' });
}

export async function escrowConfig(t: ChainTestApp): Promise<Config> {
  const account = await t.chain.connection.getAccountInfo(findConfigPda(t.chain.programId)[0]);
  if (!account) throw new Error('escrow config missing');
  return decodeConfig(account.data);
}

/** Token balance in base units (0 without a token account). */
export async function usdcOf(t: ChainTestApp, owner: PublicKey): Promise<bigint> {
  const address = getAssociatedTokenAddressSync(USDC, owner, true);
  const account = await t.chain.connection.getAccountInfo(address);
  if (!account) return 0n;
  return BigInt((await t.chain.connection.getTokenAccountBalance(address)).value.amount);
}

export async function solOf(t: ChainTestApp, owner: PublicKey): Promise<bigint> {
  return BigInt(await t.chain.connection.getBalance(owner));
}

/** GET /orders/{id} as a party sees it (what the web builds transactions from). */
export async function getOrder(app: FastifyInstance, s: Session, orderId: number): Promise<OrderDetails> {
  const response = await app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: s.headers });
  if (response.statusCode !== 200) throw new Error(`GET order failed: ${response.statusCode} ${response.body}`);
  return response.json<OrderDetails>();
}

/** The deal row as stored. */
export async function dealRow(t: ChainTestApp, orderId: number) {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.orderId, orderId));
  if (!row) throw new Error(`order ${orderId} missing`);
  return row;
}

/** An offer through POST /orders/create-order (a Sell offer needs the creator's on-chain balance). */
export async function offer(t: ChainTestApp, maker: Trader, side: 0 | 1, amount: bigint, extra: object = {}): Promise<number> {
  return createOrder(
    t.app,
    maker,
    buyOfferBody({ orderSide: side, amount: amount.toString(), price: '0.92', minFiatAmount: '0', maxFiatAmount: '0', ...extra }),
  );
}

/**
 * A claim (the deal, In Progress) through POST /orders/create-order with parentOrderId; on a Buy offer the claimer
 * sells and gives their payment details for the offer's first method, as the claim requires.
 */
export async function claim(t: ChainTestApp, taker: Trader, offerId: number, amount: bigint): Promise<number> {
  // the offer as the taker reads it, through the API: the crash and replica worlds hold no database handle of the app
  const offer = await getOrder(t.app, taker, offerId);
  const details = claimTakesPaymentDetails(offer.offerSide) ? sellerDetails(offer.paymentMethods[0]?.id) : {};
  return createOrder(t.app, taker, { parentOrderId: offerId, amount: amount.toString(), ...details });
}

/**
 * What the browser sends: a transaction whose fee payer is the admin (recent blockhash from the node), signed only
 * by the user's wallet (partial signature), serialised with the admin's slot empty.
 */
export async function userTransaction(
  t: ChainTestApp,
  signer: Keypair,
  instructions: TransactionInstruction[],
  options: { feePayer?: PublicKey; version?: 'legacy' | 'v0'; extraSigners?: Keypair[] } = {},
): Promise<string> {
  const feePayer = options.feePayer ?? t.chain.admin.publicKey;
  const { blockhash } = await t.chain.connection.getLatestBlockhash('confirmed');
  if (options.version === 'v0') {
    const message = new TransactionMessage({ payerKey: feePayer, recentBlockhash: blockhash, instructions }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([signer, ...(options.extraSigners ?? [])]);
    return Buffer.from(tx.serialize()).toString('base64');
  }
  const tx = new Transaction({ feePayer, recentBlockhash: blockhash }).add(...instructions);
  tx.partialSign(signer, ...(options.extraSigners ?? []));
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
}

export function postTransaction(app: FastifyInstance, s: Session | null, transaction: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/platform/admin/sign-and-send',
    headers: s?.headers ?? {},
    payload: { transaction },
  });
}

export async function submit(t: ChainTestApp, s: Session, transaction: string): Promise<SignAndSendResponse> {
  const response = await postTransaction(t.app, s, transaction);
  if (response.statusCode !== 200) throw new Error(`sign-and-send failed: ${response.statusCode} ${response.body}`);
  return response.json<SignAndSendResponse>();
}

const key = (wallet: string | null) => {
  if (!wallet) throw new Error('party missing');
  return new PublicKey(wallet);
};

/** accept_offer_and_lock for a deal, exactly as the deal page builds it from GET /orders/{id}. */
export function lockInstruction(t: ChainTestApp, deal: OrderDetails, locker: PublicKey): TransactionInstruction {
  if (!deal.parentOffer || deal.parentOrderId === null || deal.fiatAmountCents === null) throw new Error('not a deal');
  const escrowDeal = {
    offerId: deal.parentOrderId,
    dealId: deal.orderId,
    tokenMint: deal.tokenMint,
    amount: deal.amount,
    fiatAmountCents: deal.fiatAmountCents,
    offerSide: deal.offerSide,
    offerTotalAmount: deal.parentOffer.totalAmount,
    creatorWallet: deal.creatorWallet,
    cryptoSideWallet: locker.toBase58(),
    fiatSideWallet: key(fiatSideWallet(deal)).toBase58(),
  };
  return acceptOfferAndLockInstruction(dealInstructionArgs(escrowDeal, { admin: t.chain.admin.publicKey, programId: t.chain.programId }));
}

/** sign_universal_ticket; with `settle` the settlement accounts (and the recipients' token accounts) ride along. */
export function signInstructions(
  t: ChainTestApp,
  deal: OrderDetails,
  signer: PublicKey,
  escrow: Config,
  settle: boolean,
): TransactionInstruction[] {
  if (deal.parentOrderId === null) throw new Error('not a deal');
  const mint = new PublicKey(deal.tokenMint);
  const fiatGuy = key(fiatSideWallet(deal));
  const ids = { orderId: BigInt(deal.parentOrderId), ticketId: BigInt(deal.orderId), programId: t.chain.programId };
  const admin = t.chain.admin.publicKey;
  if (!settle) return [signUniversalTicketInstruction({ admin, signer, ...ids })];
  return [
    ...ensureTokenAccountsInstructions(signer, mint, [fiatGuy, escrow.treasury]),
    signUniversalTicketInstruction({ admin, signer, ...ids, settlement: { mint, fiatGuy, treasury: escrow.treasury } }),
  ];
}

/** cancel_universal_ticket by the fiat side (refund to the crypto side). */
export function cancelInstruction(t: ChainTestApp, deal: OrderDetails, fiatGuy: PublicKey): TransactionInstruction {
  if (deal.parentOrderId === null) throw new Error('not a deal');
  return cancelUniversalTicketInstruction({
    admin: t.chain.admin.publicKey,
    fiatGuy,
    cryptoGuy: key(cryptoSideWallet(deal)),
    mint: new PublicKey(deal.tokenMint),
    orderId: BigInt(deal.parentOrderId),
    ticketId: BigInt(deal.orderId),
    programId: t.chain.programId,
  });
}

/** The cancel as the deal page sends it: the refunded side's token account created on the way if missing (paid by the canceller). */
export function cancelInstructions(t: ChainTestApp, deal: OrderDetails, fiatGuy: PublicKey): TransactionInstruction[] {
  const cryptoGuy = key(cryptoSideWallet(deal));
  return [
    ...ensureTokenAccountsInstructions(fiatGuy, new PublicKey(deal.tokenMint), [cryptoGuy]),
    cancelInstruction(t, deal, fiatGuy),
  ];
}

/** The escrow refuses a second lock on one offer within its cooldown (on-chain clock): move the chain's clock past it. */
export function passLockCooldown(t: ChainTestApp): void {
  t.chain.advanceClock(DEFAULT_CONFIG.cooldownSeconds * 1000);
}
