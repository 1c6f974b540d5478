// The confirmation loop and the error mapping, against a stand-in RPC connection (the real chain is exercised
// by the deal tests; a node that never confirms cannot be produced on the localnet).
import { TX_CONFIRM_TIMEOUT } from '@jelly/domain';
import { EscrowError, escrowMessage } from '@jelly/escrow';
import { Keypair, PublicKey, type Connection } from '@solana/web3.js';
import { describe, expect, it, vi } from 'vitest';
import type { Chain } from '../chain.ts';
import { AppError } from '../../errors.ts';
import { platformKey } from '../keys/platform-key.ts';
import { BLOCKHASH_EXPIRED_MESSAGE, chainFailure, confirmOrThrow } from './submit-transaction.ts';

function chainAnswering(statuses: (object | null)[]): { chain: Chain; calls: () => number } {
  let calls = 0;
  const connection = {
    getSignatureStatuses: async () => {
      const value = statuses[Math.min(calls, statuses.length - 1)] ?? null;
      calls++;
      return { context: { slot: 1 }, value: [value] };
    },
    getTransaction: async () => ({ meta: { logMessages: ['Program log: custom program error: 0x1773'] } }),
  } as unknown as Connection;
  const chain: Chain = {
    connection,
    admin: platformKey(Keypair.generate(), 'admin'),
    programId: new PublicKey(new Uint8Array(32).fill(3)),
    rpcUrl: 'http://127.0.0.1:1',
    wsUrl: null,
    cluster: 'test',
    faucet: null,
    close: async () => {},
  };
  return { chain, calls: () => calls };
}

describe('confirmOrThrow', () => {
  it("gives up with 504 'Transaction failed to confirm in 60s' when the node never confirms", async () => {
    // A fake clock: the loop's waits and its deadline are both read from it, so the test controls time exactly.
    vi.useFakeTimers();
    try {
      const { chain, calls } = chainAnswering([null]);
      let settled = false;
      const outcome = confirmOrThrow(chain, 'sig', 900).then(
        () => { settled = true; return null; },
        (e: unknown) => { settled = true; return e; },
      );
      await vi.advanceTimersByTimeAsync(899);
      expect(settled, 'still polling before the time-out').toBe(false);
      // It asks at 0, 400 and 800 ms, then once more at the deadline before giving up.
      expect(calls()).toBe(3);
      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'CHAIN_TIMEOUT', statusCode: 504, message: TX_CONFIRM_TIMEOUT, details: { signature: 'sig' } });
      expect(calls()).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('returns once the signature is confirmed (processed does not count)', async () => {
    const { chain, calls } = chainAnswering([null, { confirmationStatus: 'processed', err: null }, { confirmationStatus: 'confirmed', err: null }]);
    await confirmOrThrow(chain, 'sig', 5_000);
    expect(calls()).toBe(3);
  });

  it("throws the program's message when the transaction landed with an error", async () => {
    const { chain } = chainAnswering([{ confirmationStatus: 'confirmed', err: { InstructionError: [0, { Custom: 6003 }] } }]);
    await expect(confirmOrThrow(chain, 'sig', 5_000)).rejects.toMatchObject({
      code: 'TRANSACTION_FAILED',
      message: escrowMessage(EscrowError.Unauthorized),
      details: { programErrorCode: 6003 },
    });
  });
});

describe('chainFailure', () => {
  it.each([
    [{ InstructionError: [1, { Custom: 6009 }] }, null, 'TRANSACTION_FAILED', escrowMessage(EscrowError.ExceedsAvailable)],
    ['any', ['Program x failed: custom program error: 0x1770'], 'TRANSACTION_FAILED', escrowMessage(EscrowError.InsufficientBalance)],
    [{ InstructionError: [0, { Custom: 6015 }] }, null, 'TRANSACTION_FAILED', 'Order cooldown active - try again in a moment'],
    ['BlockhashNotFound', null, 'TRANSACTION_FAILED', BLOCKHASH_EXPIRED_MESSAGE],
    ['AlreadyProcessed', null, 'CONFLICT', escrowMessage(EscrowError.AlreadyPerformed)],
    ['InsufficientFundsForFee', null, 'CHAIN_UNAVAILABLE', 'The platform cannot pay network fees right now. Please try again later.'],
  ])('maps %j', (err, logs, code, message) => {
    expect(chainFailure(err, logs)).toMatchObject({ code, message });
  });
});
