// Where a closed deposit token account's rent goes (rent-return.ts), over a stand-in node that answers the two history
// reads: the payer of the ATA create that opened it (top-level or inside a program's call), the platform when its own
// key paid, the refund address when the history cannot say, never a program, and CHAIN_UNAVAILABLE when the node fails.
import { createAssociatedTokenAccountIdempotentInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, TransactionMessage, type Connection, type PublicKey, type VersionedTransactionResponse } from '@solana/web3.js';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { rentReturnTo } from './rent-return.ts';

const mint = Keypair.generate().publicKey;
const depositKey = Keypair.generate().publicKey;
const account = getAssociatedTokenAddressSync(mint, depositKey);
const admin = Keypair.generate().publicKey;
const refund = Keypair.generate().publicKey;
const rules = { platform: [admin, depositKey], keep: admin, fallback: refund };
const blockhash = bs58.encode(new Uint8Array(32).fill(7));

/** A successful transaction whose ATA create for the deposit account is paid by `funder` (inner: inside a CPI). */
function opened(funder: PublicKey, inner = false): VersionedTransactionResponse {
  const create = createAssociatedTokenAccountIdempotentInstruction(funder, account, depositKey, mint);
  const message = new TransactionMessage({ payerKey: funder, recentBlockhash: blockhash, instructions: [create] }).compileToV0Message();
  const compiled = message.compiledInstructions[0]!;
  const meta = {
    err: null,
    loadedAddresses: { writable: [], readonly: [] },
    innerInstructions: inner ? [{ index: 0, instructions: [{ programIdIndex: compiled.programIdIndex, accounts: compiled.accountKeyIndexes, data: bs58.encode(compiled.data) }] }] : [],
  };
  if (inner) message.compiledInstructions = [];
  return { transaction: { message }, meta } as unknown as VersionedTransactionResponse;
}

/** A node whose history of the deposit account is `history` (newest first); `executable` addresses are programs. */
function node(history: { signature: string; err: object | null; tx?: VersionedTransactionResponse }[], executable: PublicKey[] = [], fail = false): Connection {
  const page = (before?: string) => history.slice(before ? history.findIndex((h) => h.signature === before) + 1 : 0).slice(0, 1000);
  return {
    getSignaturesForAddress: async (_address: PublicKey, options: { before?: string }) => {
      if (fail) throw new Error('socket hang up');
      return page(options.before).map(({ signature, err }) => ({ signature, err }));
    },
    getTransaction: async (signature: string) => history.find((h) => h.signature === signature)?.tx ?? null,
    getAccountInfo: async (key: PublicKey) => ({ executable: executable.some((e) => e.equals(key)) }),
  } as unknown as Connection;
}

describe('the deposit account’s rent', () => {
  const sender = Keypair.generate().publicKey;

  it('goes back to the payer of the create that opened it, top-level or inside a program’s call', async () => {
    const later = { signature: 'later', err: null, tx: opened(Keypair.generate().publicKey) };
    expect(await rentReturnTo(node([later, { signature: 'first', err: null, tx: opened(sender) }]), account, rules)).toEqual(sender);
    expect(await rentReturnTo(node([{ signature: 'cpi', err: null, tx: opened(sender, true) }]), account, rules)).toEqual(sender);
  });

  it('skips failed transactions: an attempt that did not land opened nothing', async () => {
    const history = [{ signature: 'landed', err: null, tx: opened(sender) }, { signature: 'failed', err: { InstructionError: [0, 'Custom'] }, tx: opened(Keypair.generate().publicKey) }];
    expect(await rentReturnTo(node(history), account, rules)).toEqual(sender);
  });

  it('stays with the platform when a platform key opened it', async () => {
    expect(await rentReturnTo(node([{ signature: 'a', err: null, tx: opened(admin) }]), account, rules)).toEqual(admin);
  });

  it('goes to the refund address when the history cannot say (none kept, or flooded past the pages read)', async () => {
    expect(await rentReturnTo(node([]), account, rules)).toEqual(refund);
    const flood = Array.from({ length: 5000 }, (_, i) => ({ signature: `s${i}`, err: null }));
    expect(await rentReturnTo(node([...flood, { signature: 'first', err: null, tx: opened(sender) }]), account, rules)).toEqual(refund);
  });

  it('never goes to a program (it cannot take lamports: the close would fail and the deposit stay stuck)', async () => {
    expect(await rentReturnTo(node([], [refund]), account, rules)).toEqual(admin);
  });

  it('is not guessed when the node fails: CHAIN_UNAVAILABLE, and the send is resumed later', async () => {
    const error = await rentReturnTo(node([], [], true), account, rules).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('CHAIN_UNAVAILABLE');
  });
});
