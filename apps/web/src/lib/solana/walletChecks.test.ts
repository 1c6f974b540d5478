import './testing/useNodeTypedArrays.ts';
import { ACCOUNT_DISCRIMINATORS, associatedTokenAddress, findConfigPda, PROGRAM_ID } from '@jelly/escrow';
import { FAILED_TO_CHECK_BALANCES, NEED_SOL_FOR_FEES, WALLET_NOT_READY } from '@jelly/domain';
import { Keypair, PublicKey, type AccountInfo } from '@solana/web3.js';
import { describe, expect, it, vi } from 'vitest';
import { readEscrowConfig } from './escrowConfig.ts';
import { EscrowActionError } from './escrowErrors.ts';
import { assertCanSell, assertFeeBalance, tokenBalance, type BalanceReader } from './walletChecks.ts';

const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');

function tokenAccount(mint: PublicKey, owner: PublicKey, amount: bigint, programOwner = TOKEN_PROGRAM_ID): AccountInfo<Buffer> {
  const data = Buffer.alloc(165);
  mint.toBuffer().copy(data, 0);
  owner.toBuffer().copy(data, 32);
  data.writeBigUInt64LE(amount, 64);
  data[108] = 1; // initialized
  return { data, owner: programOwner, lamports: 2_039_280, executable: false, rentEpoch: 0 };
}

function chain(lamports: number, accounts: Map<string, AccountInfo<Buffer>>) {
  return {
    getBalance: vi.fn(async () => lamports),
    getAccountInfo: vi.fn(async (address: PublicKey) => accounts.get(address.toBase58()) ?? null),
  } satisfies BalanceReader;
}

async function message(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(EscrowActionError);
  return (error as Error).message;
}

const owner = Keypair.generate().publicKey;
const mint = Keypair.generate().publicKey;
const ataKey = associatedTokenAddress(mint, owner).toBase58();
const sell = { mint, amount: 40_000_000n, symbol: 'USDC', amountText: '40' };

describe('wallet checks before signing', () => {
  it('needs at least 0.001 SOL for fees', async () => {
    await expect(assertFeeBalance(chain(1_000_000, new Map()), owner)).resolves.toBeUndefined();
    expect(await message(assertFeeBalance(chain(999_999, new Map()), owner))).toBe(NEED_SOL_FOR_FEES);
  });

  it('reads the token balance of the associated token account, 0 when there is none', async () => {
    const accounts = new Map([[ataKey, tokenAccount(mint, owner, 123_456_789n)]]);
    expect(await tokenBalance(chain(0, accounts), owner, mint)).toBe(123_456_789n);
    expect(await tokenBalance(chain(0, new Map()), owner, mint)).toBe(0n);
  });

  it('lets a lock through only when SOL and tokens both suffice', async () => {
    const enough = new Map([[ataKey, tokenAccount(mint, owner, 40_000_000n)]]);
    await expect(assertCanSell(chain(5_000_000, enough), owner, sell)).resolves.toBeUndefined();

    const short = new Map([[ataKey, tokenAccount(mint, owner, 39_999_999n)]]);
    expect(await message(assertCanSell(chain(5_000_000, short), owner, sell))).toBe('Insufficient USDC balance to sell 40 USDC');
    expect(await message(assertCanSell(chain(5_000_000, new Map()), owner, sell))).toBe('Insufficient USDC balance to sell 40 USDC');
    // The fee check comes first.
    expect(await message(assertCanSell(chain(10, enough), owner, sell))).toBe(NEED_SOL_FOR_FEES);
  });

  it("says 'Failed to check balances. Please try again.' when the node cannot answer or the account is not a token account", async () => {
    const failing = { getBalance: vi.fn(async () => Promise.reject(new Error('502'))), getAccountInfo: vi.fn() };
    expect(await message(assertFeeBalance(failing, owner))).toBe(FAILED_TO_CHECK_BALANCES);
    const foreign = new Map([[ataKey, tokenAccount(mint, owner, 1n, Keypair.generate().publicKey)]]);
    expect(await message(tokenBalance(chain(0, foreign), owner, mint))).toBe(FAILED_TO_CHECK_BALANCES);
  });
});

describe('readEscrowConfig', () => {
  function configAccount(treasury: PublicKey, feeBps: number): AccountInfo<Buffer> {
    const data = Buffer.alloc(83);
    Buffer.from(ACCOUNT_DISCRIMINATORS.Config).copy(data, 0);
    Keypair.generate().publicKey.toBuffer().copy(data, 8);
    treasury.toBuffer().copy(data, 40);
    data.writeUInt32LE(100, 72);
    data.writeUInt32LE(1, 76);
    data.writeUInt16LE(feeBps, 80);
    data[82] = findConfigPda(PROGRAM_ID)[1];
    return { data, owner: PROGRAM_ID, lamports: 1, executable: false, rentEpoch: 0 };
  }

  it('decodes the treasury and fee from the config PDA of the given program', async () => {
    const treasury = Keypair.generate().publicKey;
    const address = findConfigPda(PROGRAM_ID)[0].toBase58();
    const config = await readEscrowConfig(chain(0, new Map([[address, configAccount(treasury, 30)]])), PROGRAM_ID);
    expect(config.treasury.equals(treasury)).toBe(true);
    expect(config.feeBps).toBe(30);
  });

  it('is "Wallet/program not ready" when the program has no config, and reports an RPC failure', async () => {
    expect(await message(readEscrowConfig(chain(0, new Map()), PROGRAM_ID))).toBe(WALLET_NOT_READY);
    const address = findConfigPda(PROGRAM_ID)[0].toBase58();
    const foreign = { ...configAccount(Keypair.generate().publicKey, 25), owner: Keypair.generate().publicKey };
    expect(await message(readEscrowConfig(chain(0, new Map([[address, foreign]])), PROGRAM_ID))).toBe(WALLET_NOT_READY);
    const failing = { getAccountInfo: vi.fn(async () => Promise.reject(new Error('timeout'))) };
    expect(await message(readEscrowConfig(failing, PROGRAM_ID))).toBe('Error: timeout');
  });
});
