// The escrow on a LiteSVM chain: an admin, a treasury, a 6-decimal mint, an initialised Config, and one-line
// wrappers around each instruction builder that send a transaction signed by the admin and the party.
import type { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import {
  acceptOfferAndLockInstruction,
  adminResolveUniversalTicketInstruction,
  associatedTokenAddress,
  cancelOrderInstruction,
  cancelUniversalTicketInstruction,
  closeOrderInstruction,
  closeTicketInstruction,
  decodeConfig,
  decodeFillTicket,
  decodeUniversalOrder,
  findConfigPda,
  findOrderPda,
  findTicketPda,
  findVaultPda,
  initializeConfigInstruction,
  settleUniversalTicketInstruction,
  signUniversalTicketInstruction,
  type Config,
  type FillTicket,
  type UniversalOrder,
} from '../../src/client/index.ts';
import { Chain, type TxResult } from './chain.ts';

export interface EscrowOptions {
  chain?: Chain;
  /** A funded admin key (default: a fresh one). */
  admin?: Keypair;
  feeBps?: number;
  dailyFillLimit?: number;
  cooldownSeconds?: number;
  /** Skip initialize_config (for tests of that instruction). */
  initialize?: boolean;
}

/** One deal on an offer: who locks, who pays fiat, how much. */
export interface Deal {
  orderId: bigint;
  ticketId: bigint;
  isSellOrder: boolean;
  creator: Keypair;
  /** The crypto side (locker): the creator of a Sell offer, the acceptor of a Buy offer. */
  cryptoGuy: Keypair;
  /** The fiat side: the acceptor of a Sell offer, the creator of a Buy offer. */
  fiatGuy: Keypair;
  amount: bigint;
  fiatAmount: bigint;
  offerAmount: bigint;
}

export type CuLog = (instruction: string, computeUnits: bigint, result: TxResult) => void;

export class Escrow {
  readonly chain: Chain;
  readonly admin: Keypair;
  readonly treasury: Keypair;
  readonly mint: PublicKey;
  readonly treasuryToken: PublicKey;
  /** Called after every successful escrow instruction (the benchmark collects compute units here). */
  onCompute: CuLog | undefined;

  constructor(options: EscrowOptions = {}) {
    this.chain = options.chain ?? new Chain();
    this.admin = options.admin ?? this.chain.wallet(1_000_000_000_000n);
    this.treasury = this.chain.wallet(1_000_000_000n);
    this.mint = this.chain.createMint();
    this.treasuryToken = this.chain.createTokenAccount(this.mint, this.treasury.publicKey);
    if (options.initialize !== false) {
      const result = this.initializeConfig(options);
      if (!result.ok) throw new Error(`initialize_config failed: ${result.error}\n${result.logs.join('\n')}`);
    }
  }

  get programId(): PublicKey {
    return this.chain.programId;
  }

  run(name: string, ix: TransactionInstruction | TransactionInstruction[], signers: Keypair[]): TxResult {
    const result = this.chain.send(ix, signers);
    if (result.ok) this.onCompute?.(name, result.computeUnits, result);
    return result;
  }

  initializeConfig(options: { feeBps?: number; dailyFillLimit?: number; cooldownSeconds?: number } = {}): TxResult {
    const ix = initializeConfigInstruction({
      admin: this.admin.publicKey,
      treasury: this.treasury.publicKey,
      feeBps: options.feeBps ?? 25,
      dailyFillLimit: options.dailyFillLimit ?? 100,
      cooldownSeconds: options.cooldownSeconds ?? 0,
      programId: this.programId,
    });
    return this.run('initialize_config', ix, [this.admin]);
  }

  /** A funded trader with `tokens` of the mint in their associated token account. */
  trader(tokens = 0n): Keypair {
    const wallet = this.chain.wallet(10_000_000_000n);
    this.chain.createTokenAccount(this.mint, wallet.publicKey, tokens);
    return wallet;
  }

  tokenAccount(owner: PublicKey): PublicKey {
    return associatedTokenAddress(this.mint, owner);
  }

  balance(owner: PublicKey): bigint {
    return this.chain.tokenBalance(this.tokenAccount(owner)) ?? 0n;
  }

  orderPda(orderId: bigint): PublicKey {
    return findOrderPda(orderId, this.programId)[0];
  }

  vault(orderId: bigint): PublicKey {
    return findVaultPda(this.orderPda(orderId), this.programId)[0];
  }

  vaultBalance(orderId: bigint): bigint | null {
    return this.chain.tokenBalance(this.vault(orderId));
  }

  ticketPda(orderId: bigint, ticketId: bigint): PublicKey {
    return findTicketPda(this.orderPda(orderId), ticketId, this.programId)[0];
  }

  config(): Config {
    const account = this.chain.account(findConfigPda(this.programId)[0]);
    if (!account) throw new Error('no config account');
    return decodeConfig(account.data);
  }

  order(orderId: bigint): UniversalOrder {
    const account = this.chain.account(this.orderPda(orderId));
    if (!account) throw new Error(`no order account for ${orderId}`);
    return decodeUniversalOrder(account.data);
  }

  ticket(orderId: bigint, ticketId: bigint): FillTicket {
    const account = this.chain.account(this.ticketPda(orderId, ticketId));
    if (!account) throw new Error(`no ticket account for ${orderId}/${ticketId}`);
    return decodeFillTicket(account.data);
  }

  lockInstruction(deal: Deal): TransactionInstruction {
    return acceptOfferAndLockInstruction({
      admin: this.admin.publicKey,
      locker: deal.cryptoGuy.publicKey,
      mint: this.mint,
      orderId: deal.orderId,
      ticketId: deal.ticketId,
      cryptoAmount: deal.amount,
      fiatAmount: deal.fiatAmount,
      isSellOrder: deal.isSellOrder,
      creator: deal.creator.publicKey,
      fiatGuy: deal.fiatGuy.publicKey,
      offerAmount: deal.offerAmount,
      programId: this.programId,
    });
  }

  lock(deal: Deal): TxResult {
    return this.run('accept_offer_and_lock', this.lockInstruction(deal), [this.admin, deal.cryptoGuy]);
  }

  signInstruction(deal: Deal, signer: Keypair, settlement = true): TransactionInstruction {
    return signUniversalTicketInstruction({
      admin: this.admin.publicKey,
      signer: signer.publicKey,
      orderId: deal.orderId,
      ticketId: deal.ticketId,
      settlement: settlement
        ? { mint: this.mint, fiatGuy: deal.fiatGuy.publicKey, treasury: this.treasury.publicKey }
        : undefined,
      programId: this.programId,
    });
  }

  sign(deal: Deal, signer: Keypair, settlement = true): TxResult {
    const account = this.chain.account(this.ticketPda(deal.orderId, deal.ticketId));
    const ticket = account && account.data.length > 0 ? decodeFillTicket(account.data) : undefined;
    const settles = ticket !== undefined && (ticket.cryptoGuySigned || ticket.fiatGuySigned);
    const name = settles && settlement ? 'sign_universal_ticket (settling)' : 'sign_universal_ticket (first)';
    return this.run(name, this.signInstruction(deal, signer, settlement), [this.admin, signer]);
  }

  settleInstruction(deal: Deal): TransactionInstruction {
    return settleUniversalTicketInstruction({
      admin: this.admin.publicKey,
      orderId: deal.orderId,
      ticketId: deal.ticketId,
      mint: this.mint,
      fiatGuy: deal.fiatGuy.publicKey,
      treasury: this.treasury.publicKey,
      programId: this.programId,
    });
  }

  settle(deal: Deal): TxResult {
    return this.run('settle_universal_ticket', this.settleInstruction(deal), [this.admin]);
  }

  cancelInstruction(deal: Deal, signer: Keypair = deal.fiatGuy): TransactionInstruction {
    return cancelUniversalTicketInstruction({
      admin: this.admin.publicKey,
      fiatGuy: signer.publicKey,
      cryptoGuy: deal.cryptoGuy.publicKey,
      mint: this.mint,
      orderId: deal.orderId,
      ticketId: deal.ticketId,
      programId: this.programId,
    });
  }

  cancel(deal: Deal, signer: Keypair = deal.fiatGuy): TxResult {
    return this.run('cancel_universal_ticket', this.cancelInstruction(deal, signer), [this.admin, signer]);
  }

  resolveInstruction(deal: Deal, releaseToFiatGuy: boolean, admin: PublicKey = this.admin.publicKey): TransactionInstruction {
    return adminResolveUniversalTicketInstruction({
      admin,
      orderId: deal.orderId,
      ticketId: deal.ticketId,
      mint: this.mint,
      releaseToFiatGuy,
      fiatGuy: deal.fiatGuy.publicKey,
      cryptoGuy: deal.cryptoGuy.publicKey,
      treasury: this.treasury.publicKey,
      programId: this.programId,
    });
  }

  resolve(deal: Deal, releaseToFiatGuy: boolean): TxResult {
    return this.run('admin_resolve_universal_ticket', this.resolveInstruction(deal, releaseToFiatGuy), [this.admin]);
  }

  cancelOrder(orderId: bigint, authority: Keypair): TxResult {
    const ix = cancelOrderInstruction({
      admin: this.admin.publicKey,
      authority: authority.publicKey,
      orderId,
      programId: this.programId,
    });
    return this.run('cancel_order', ix, authority === this.admin ? [this.admin] : [this.admin, authority]);
  }

  closeOrderInstruction(orderId: bigint): TransactionInstruction {
    return closeOrderInstruction({
      admin: this.admin.publicKey,
      orderId,
      mint: this.mint,
      treasury: this.treasury.publicKey,
      programId: this.programId,
    });
  }

  closeOrder(orderId: bigint): TxResult {
    return this.run('close_order', this.closeOrderInstruction(orderId), [this.admin]);
  }

  closeTicket(orderId: bigint, ticketId: bigint): TxResult {
    const ix = closeTicketInstruction({ admin: this.admin.publicKey, orderId, ticketId, programId: this.programId });
    return this.run('close_ticket', ix, [this.admin]);
  }

  /** A Sell offer deal: the creator sells (crypto side), the acceptor pays fiat. */
  sellDeal(fields: { orderId: bigint; ticketId: bigint; seller: Keypair; buyer: Keypair; amount: bigint; offerAmount: bigint; fiatAmount?: bigint }): Deal {
    return {
      orderId: fields.orderId,
      ticketId: fields.ticketId,
      isSellOrder: true,
      creator: fields.seller,
      cryptoGuy: fields.seller,
      fiatGuy: fields.buyer,
      amount: fields.amount,
      fiatAmount: fields.fiatAmount ?? fields.amount / 10_000n + 1n,
      offerAmount: fields.offerAmount,
    };
  }

  /** A Buy offer deal: the creator buys (fiat side), the acceptor sells and locks. */
  buyDeal(fields: { orderId: bigint; ticketId: bigint; buyer: Keypair; seller: Keypair; amount: bigint; offerAmount: bigint; fiatAmount?: bigint }): Deal {
    return {
      orderId: fields.orderId,
      ticketId: fields.ticketId,
      isSellOrder: false,
      creator: fields.buyer,
      cryptoGuy: fields.seller,
      fiatGuy: fields.buyer,
      amount: fields.amount,
      fiatAmount: fields.fiatAmount ?? fields.amount / 10_000n + 1n,
      offerAmount: fields.offerAmount,
    };
  }
}

/** The fee the program must take: floor(amount * bps / 10000), computed independently with bigint. */
export function expectedFee(amount: bigint, feeBps: number): bigint {
  return (amount * BigInt(feeBps)) / 10_000n;
}
