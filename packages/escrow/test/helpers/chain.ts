// A LiteSVM chain driven with @solana/web3.js 1.x objects: the escrow program loaded, SPL mints and token
// accounts packed directly into accounts, transactions converted to kit's wire type, and results reduced to
// what the tests assert (success, custom error code, logs, compute units).
import { createPrivateKey, sign as ed25519Sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Keypair, PublicKey, Transaction, type Message, type TransactionInstruction } from '@solana/web3.js';
import {
  ACCOUNT_SIZE,
  AccountLayout,
  AccountState,
  MINT_SIZE,
  MintLayout,
  TOKEN_PROGRAM_ID,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { address, getTransactionDecoder, lamports, type Address } from '@solana/kit';
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { PROGRAM_ID } from '../../src/client/index.ts';

export const PROGRAM_SO_PATH = fileURLToPath(new URL('../../program/jelly_escrow.so', import.meta.url));
export const loadProgram = (): Uint8Array => new Uint8Array(readFileSync(PROGRAM_SO_PATH));

export const toAddress = (key: PublicKey): Address => address(key.toBase58());

export interface TxResult {
  ok: boolean;
  /** The custom program error (6000+, or an Anchor framework code) when the transaction failed with one. */
  code?: number;
  /** The runtime's error text when it failed. */
  error?: string;
  logs: string[];
  computeUnits: bigint;
}

export interface AccountSnapshot {
  lamports: bigint;
  owner: string;
  data: Uint8Array;
}

const txDecoder = getTransactionDecoder();

// Node's native ed25519: web3.js signs in pure JavaScript, which dominates test time on a busy machine.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const privateKeys = new WeakMap<Keypair, KeyObject>();
function privateKey(keypair: Keypair): KeyObject {
  let key = privateKeys.get(keypair);
  if (!key) {
    const seed = keypair.secretKey.subarray(0, 32);
    key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
    privateKeys.set(keypair, key);
  }
  return key;
}

function shortVec(n: number): number[] {
  const out: number[] = [];
  let rest = n;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

/** A legacy transaction's wire bytes, signed by `signers` (each required signer must be among them). */
export function signedWire(message: Message, signers: Keypair[]): Uint8Array {
  const bytes = message.serialize();
  const required = message.accountKeys.slice(0, message.header.numRequiredSignatures);
  const signatures = required.map((key) => {
    const signer = signers.find((s) => s.publicKey.equals(key));
    if (!signer) throw new Error(`missing signer ${key.toBase58()}`);
    return ed25519Sign(null, bytes, privateKey(signer));
  });
  return Buffer.concat([Buffer.from(shortVec(signatures.length)), ...signatures, bytes]);
}

function customCode(failed: FailedTransactionMetadata): number | undefined {
  const err = failed.err() as unknown as { index?: number; err?: () => unknown };
  if (typeof err.index !== 'number' || typeof err.err !== 'function') return undefined;
  const inner = err.err() as { code?: unknown };
  return typeof inner === 'object' && inner !== null && typeof inner.code === 'number' ? inner.code : undefined;
}

export class Chain {
  svm: LiteSVM;
  readonly programId: PublicKey;

  constructor(options: { programId?: PublicKey; program?: Uint8Array | null; svm?: LiteSVM } = {}) {
    this.svm = options.svm ?? new LiteSVM();
    this.programId = options.programId ?? PROGRAM_ID;
    if (options.program !== null) this.svm.addProgram(toAddress(this.programId), options.program ?? loadProgram());
  }

  airdrop(key: PublicKey, amount = 100_000_000_000n): void {
    const result = this.svm.airdrop(toAddress(key), lamports(amount));
    if (!result || result instanceof FailedTransactionMetadata) throw new Error(`airdrop to ${key.toBase58()} failed`);
  }

  /** A funded fresh wallet. */
  wallet(sol = 100_000_000_000n): Keypair {
    const keypair = Keypair.generate();
    this.airdrop(keypair.publicKey, sol);
    return keypair;
  }

  setAccount(key: PublicKey, account: { lamports: bigint; owner: PublicKey | string; data: Uint8Array; executable?: boolean }): void {
    this.svm.setAccount({
      address: toAddress(key),
      lamports: lamports(account.lamports),
      programAddress: address(typeof account.owner === 'string' ? account.owner : account.owner.toBase58()),
      data: account.data,
      executable: account.executable ?? false,
      space: BigInt(account.data.length),
    });
  }

  /** An initialised SPL mint at a fresh (or given) address. */
  createMint(options: { decimals?: number; authority?: PublicKey; address?: PublicKey } = {}): PublicKey {
    const mint = options.address ?? Keypair.generate().publicKey;
    const data = Buffer.alloc(MINT_SIZE);
    MintLayout.encode(
      {
        mintAuthorityOption: 1,
        mintAuthority: options.authority ?? Keypair.generate().publicKey,
        supply: 0n,
        decimals: options.decimals ?? 6,
        isInitialized: true,
        freezeAuthorityOption: 0,
        freezeAuthority: PublicKey.default,
      },
      data,
    );
    this.setAccount(mint, { lamports: this.rent(MINT_SIZE), owner: TOKEN_PROGRAM_ID, data });
    return mint;
  }

  /** A token account of `owner` for `mint` holding `amount`; the associated address unless one is given. */
  createTokenAccount(mint: PublicKey, owner: PublicKey, amount = 0n, at?: PublicKey): PublicKey {
    const key = at ?? getAssociatedTokenAddressSync(mint, owner, true);
    const data = Buffer.alloc(ACCOUNT_SIZE);
    AccountLayout.encode(
      {
        mint,
        owner,
        amount,
        delegateOption: 0,
        delegate: PublicKey.default,
        state: AccountState.Initialized,
        isNativeOption: 0,
        isNative: 0n,
        delegatedAmount: 0n,
        closeAuthorityOption: 0,
        closeAuthority: PublicKey.default,
      },
      data,
    );
    this.setAccount(key, { lamports: this.rent(ACCOUNT_SIZE), owner: TOKEN_PROGRAM_ID, data });
    return key;
  }

  /** The whole state as bytes, and back (used to undo a transaction). */
  save(): Uint8Array {
    return this.svm.toBytes();
  }

  restore(state: Uint8Array): void {
    this.svm = LiteSVM.fromBytes(state);
  }

  rent(size: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(size));
  }

  account(key: PublicKey): AccountSnapshot | null {
    const account = this.svm.getAccount(toAddress(key));
    if (!account.exists) return null;
    return { lamports: BigInt(account.lamports), owner: account.programAddress, data: new Uint8Array(account.data) };
  }

  lamports(key: PublicKey): bigint {
    return this.account(key)?.lamports ?? 0n;
  }

  /** The token amount of a token account, or null when it does not exist. */
  tokenBalance(key: PublicKey): bigint | null {
    const account = this.account(key);
    if (!account || account.owner !== TOKEN_PROGRAM_ID.toBase58() || account.data.length !== ACCOUNT_SIZE) return null;
    return AccountLayout.decode(account.data).amount;
  }

  now(): bigint {
    return this.svm.getClock().unixTimestamp;
  }

  setTime(unixTimestamp: bigint): void {
    const clock = this.svm.getClock();
    clock.unixTimestamp = unixTimestamp;
    this.svm.setClock(clock);
  }

  advance(seconds: bigint): void {
    this.setTime(this.now() + seconds);
  }

  /** Sends one transaction (fee payer = first signer) and gives every later one a fresh blockhash. */
  send(instructions: TransactionInstruction | TransactionInstruction[], signers: Keypair[]): TxResult {
    const [feePayer] = signers;
    if (!feePayer) throw new Error('a transaction needs at least the fee payer');
    const tx = new Transaction({ feePayer: feePayer.publicKey, recentBlockhash: this.svm.latestBlockhash() });
    tx.add(...(Array.isArray(instructions) ? instructions : [instructions]));
    return this.sendRaw(signedWire(tx.compileMessage(), signers));
  }

  /** Sends wire bytes as they are (replays of the exact same transaction included). */
  sendRaw(wire: Uint8Array): TxResult {
    const result = this.svm.sendTransaction(txDecoder.decode(wire));
    this.svm.expireBlockhash();
    return Chain.summarise(result);
  }

  static summarise(result: TransactionMetadata | FailedTransactionMetadata): TxResult {
    if (result instanceof FailedTransactionMetadata) {
      const meta = result.meta();
      return {
        ok: false,
        code: customCode(result),
        error: result.toString(),
        logs: meta.logs(),
        computeUnits: meta.computeUnitsConsumed(),
      };
    }
    return { ok: true, logs: result.logs(), computeUnits: result.computeUnitsConsumed() };
  }
}
