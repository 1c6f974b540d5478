import './testing/useNodeTypedArrays.ts';
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it, vi } from 'vitest';
import { FAILED_TO_SUBMIT_FOR_COSIGN, TX_CONFIRM_TIMEOUT, WALLET_NOT_READY } from '@jelly/domain';
import { apiError, fakeApi, json, type RecordedCall } from '../../test/fakeApi.ts';
import { testStore } from '../../test/renderApp.tsx';
import { EscrowActionError } from './escrowErrors.ts';
import { submitEscrowInstruction, type EscrowSubmitContext } from './submitEscrowInstruction.ts';

const ROUTE = 'POST /api/platform/admin/sign-and-send';

function keypairWallet(keypair: Keypair): EscrowSubmitContext['wallet'] {
  return {
    publicKey: keypair.publicKey,
    signTransaction: async <T,>(tx: T) => {
      (tx as Transaction).partialSign(keypair);
      return tx;
    },
  };
}

function setup(handler?: (call: RecordedCall) => Response | Promise<Response>) {
  const user = Keypair.generate();
  const admin = Keypair.generate();
  const blockhash = Keypair.generate().publicKey.toBase58();
  const api = fakeApi(handler ? { [ROUTE]: handler } : {});
  const { store } = testStore({ api });
  const connection = { getLatestBlockhash: vi.fn(async () => ({ blockhash, lastValidBlockHeight: 1234 })) };
  const ctx: EscrowSubmitContext = {
    wallet: keypairWallet(user),
    connection,
    feePayer: admin.publicKey.toBase58(),
    apiClient: store.extra.apiClient,
  };
  const instruction = new TransactionInstruction({
    programId: Keypair.generate().publicKey,
    keys: [
      { pubkey: admin.publicKey, isSigner: true, isWritable: true },
      { pubkey: user.publicKey, isSigner: true, isWritable: false },
    ],
    data: Buffer.from([1, 2, 3]),
  });
  return { user, admin, blockhash, api, ctx, connection, instruction };
}

const sent = (call: RecordedCall) => Transaction.from(Buffer.from((JSON.parse(call.body) as { transaction: string }).transaction, 'base64'));

async function failure(promise: Promise<unknown>): Promise<EscrowActionError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EscrowActionError);
  return error as EscrowActionError;
}

describe('submitEscrowInstruction', () => {
  it('sends one transaction paid by the platform, signed by the wallet only, and returns the server answer', async () => {
    const s = setup(() => json(200, { signature: 'sig111', orderId: 42, status: 8, kind: 'lock', alreadyProcessed: false }));
    const result = await submitEscrowInstruction(s.instruction, s.ctx);
    expect(result).toEqual({ signature: 'sig111', orderId: 42, status: 8, kind: 'lock', alreadyProcessed: false });

    const [call] = s.api.callsTo(ROUTE);
    expect(call).toBeDefined();
    expect(call!.headers.get('Content-Type')).toBe('application/json');
    const tx = sent(call!);
    expect(tx.feePayer?.toBase58()).toBe(s.admin.publicKey.toBase58());
    expect(tx.recentBlockhash).toBe(s.blockhash);
    expect(tx.instructions).toHaveLength(1);
    expect(tx.instructions[0]!.data).toEqual(Buffer.from([1, 2, 3]));
    expect(tx.instructions[0]!.programId.equals(s.instruction.programId)).toBe(true);
    // The admin's signature slot is left for the server; the user's signature is real and valid.
    const byKey = new Map(tx.signatures.map((entry) => [entry.publicKey.toBase58(), entry.signature]));
    expect(byKey.get(s.admin.publicKey.toBase58())).toBeNull();
    expect(byKey.get(s.user.publicKey.toBase58())).toHaveLength(64);
    expect(tx.verifySignatures(false)).toBe(true);
    expect(tx.verifySignatures(true)).toBe(false);
    expect(s.connection.getLatestBlockhash).toHaveBeenCalledWith('confirmed');
  });

  it('keeps the order of several instructions (token-account creation first)', async () => {
    const s = setup(() => json(200, { signature: 's', orderId: 1, status: 2, kind: 'sign', alreadyProcessed: false }));
    const create = SystemProgram.transfer({ fromPubkey: s.admin.publicKey, toPubkey: s.user.publicKey, lamports: 1 });
    const result = await submitEscrowInstruction([create, s.instruction], s.ctx);
    expect(result.status).toBe(2);
    const tx = sent(s.api.callsTo(ROUTE)[0]!);
    expect(tx.instructions.map((ix) => ix.programId.toBase58())).toEqual([
      SystemProgram.programId.toBase58(),
      s.instruction.programId.toBase58(),
    ]);
  });

  it('answers "Wallet/program not ready" without a connection, fee payer, public key or signer', async () => {
    const s = setup();
    for (const ctx of [
      { ...s.ctx, connection: null },
      { ...s.ctx, feePayer: null },
      { ...s.ctx, feePayer: 'not-a-key' },
      { ...s.ctx, wallet: { ...s.ctx.wallet, publicKey: null } },
      { ...s.ctx, wallet: { ...s.ctx.wallet, signTransaction: undefined } },
    ]) {
      expect((await failure(submitEscrowInstruction(s.instruction, ctx))).message).toBe(WALLET_NOT_READY);
    }
    expect(s.api.calls).toHaveLength(0);
  });

  it('reports a refused signature as "Error: {message}" and sends nothing', async () => {
    const s = setup();
    const wrapped = Object.assign(new Error(''), { error: new Error('User rejected the request.') });
    const ctx = { ...s.ctx, wallet: { ...s.ctx.wallet, signTransaction: vi.fn(async () => Promise.reject(wrapped)) } };
    expect((await failure(submitEscrowInstruction(s.instruction, ctx))).message).toBe('Error: User rejected the request.');
    expect(s.api.calls).toHaveLength(0);
  });

  it('refuses a wallet answer that carries no valid signature of the wallet', async () => {
    const s = setup();
    const ctx = { ...s.ctx, wallet: { ...s.ctx.wallet, signTransaction: async <T,>(tx: T) => tx } };
    expect((await failure(submitEscrowInstruction(s.instruction, ctx))).message).toBe(
      'Error: The wallet did not sign the transaction',
    );
    expect(s.api.calls).toHaveLength(0);
  });

  it('reports an unreachable RPC node while fetching the blockhash', async () => {
    const s = setup();
    s.connection.getLatestBlockhash.mockRejectedValueOnce(new Error('failed to fetch'));
    expect((await failure(submitEscrowInstruction(s.instruction, s.ctx))).message).toBe('Error: failed to fetch');
  });

  it.each([
    ['a refusal the server explains', () => apiError(400, 'BAD_REQUEST', 'Order is not locked'), 'Error: Order is not locked'],
    [
      'a program error in the simulation',
      () => apiError(400, 'BAD_REQUEST', 'Transaction simulation failed: custom program error: 0x1770'),
      'Error: Insufficient token balance',
    ],
    ['the confirmation time-out', () => apiError(504, 'SERVICE_UNAVAILABLE', TX_CONFIRM_TIMEOUT), `Error: ${TX_CONFIRM_TIMEOUT}`],
    ['a server error', () => apiError(500, 'INTERNAL_ERROR', 'Internal server error'), FAILED_TO_SUBMIT_FOR_COSIGN],
    ['no chain on the server', () => apiError(503, 'CHAIN_UNAVAILABLE', 'The chain is unavailable'), FAILED_TO_SUBMIT_FOR_COSIGN],
    ['an answer of the wrong shape', () => json(200, { ok: true }), FAILED_TO_SUBMIT_FOR_COSIGN],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), FAILED_TO_SUBMIT_FOR_COSIGN],
  ])('maps %s to the user-facing message', async (_name, answer, message) => {
    const s = setup(answer);
    expect((await failure(submitEscrowInstruction(s.instruction, s.ctx))).message).toBe(message);
    expect(s.api.callsTo(ROUTE)).toHaveLength(1);
  });

  it('accepts a PublicKey as fee payer', async () => {
    const s = setup(() => json(200, { signature: 'x', orderId: 3, status: 3, kind: 'sign', alreadyProcessed: true }));
    await submitEscrowInstruction(s.instruction, { ...s.ctx, feePayer: new PublicKey(s.admin.publicKey.toBytes()) });
    expect(sent(s.api.callsTo(ROUTE)[0]!).feePayer?.equals(s.admin.publicKey)).toBe(true);
  });
});
