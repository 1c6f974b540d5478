import {
  address as toAddress,
  getSignatureFromTransaction,
  isSolanaError,
  SOLANA_ERROR__JSON_RPC__INVALID_REQUEST,
  type Address,
  type KeyPairSigner,
} from '@solana/kit';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { manualSlotClock, startTestLocalnet, type TestLocalnet } from '../helpers.ts';
import { fundedSigner, kitClients, kitTransfer, SYSTEM_PROGRAM, type KitRpc } from './kit-client.ts';
import * as shape from './shapes.ts';

type Subscriptions = ReturnType<typeof kitClients>['subscriptions'];

/**
 * The first notification after `act`. kit resolves `subscribe` once the node has answered with the subscription
 * id, and hands a notification only to a reader already waiting: the read starts before the act.
 */
async function firstOf<T>(subscribed: Promise<AsyncIterable<T>>, act: () => Promise<unknown> | void): Promise<T> {
  const iterator = (await subscribed)[Symbol.asyncIterator]();
  const next = iterator.next();
  await act();
  const { value, done } = await next;
  if (done) throw new Error('the subscription ended without a notification');
  await iterator.return?.();
  return value;
}

describe('the localnet through @solana/kit: every subscription, checked against the documented shape', () => {
  const slots = manualSlotClock();
  let test: TestLocalnet;
  let rpc: KitRpc;
  let subscriptions: Subscriptions;
  let payer: KeyPairSigner;
  let recipient: Address;

  beforeAll(async () => {
    test = await startTestLocalnet({ slotClock: slots.clock });
    ({ rpc, subscriptions } = kitClients(test));
    payer = await fundedSigner(test, 5_000_000_000n);
    recipient = toAddress(Keypair.generate().publicKey.toBase58());
  });
  afterAll(async () => {
    await test.dispose();
  });

  const sendTransfer = async () => {
    const { wire } = await kitTransfer(rpc, payer, recipient, 2_000_000n);
    return rpc.sendTransaction(wire, { encoding: 'base64' }).send();
  };

  it('notifies an account change with rentEpoch as the exact u64::MAX', async () => {
    const abort = new AbortController();
    const notification = await firstOf(
      subscriptions.accountNotifications(payer.address, { encoding: 'base64' }).subscribe({ abortSignal: abort.signal }),
      sendTransfer,
    );
    abort.abort();
    z.object({ context: shape.context, value: shape.base64Account }).strict().parse(notification);
  });

  it('notifies a program account change', async () => {
    const abort = new AbortController();
    const notification = await firstOf(
      subscriptions.programNotifications(SYSTEM_PROGRAM, { encoding: 'base64' }).subscribe({ abortSignal: abort.signal }),
      sendTransfer,
    );
    abort.abort();
    z.object({ context: shape.context, value: shape.keyedAccount(shape.base64Account) }).strict().parse(notification);
  });

  it('refuses jsonParsed with a data slice on a subscription, like a node', async () => {
    const abort = new AbortController();
    // kit's types already rule this pair out; the cast sends it anyway, as another client could.
    const refused = await subscriptions
      .accountNotifications(payer.address, { encoding: 'jsonParsed', dataSlice: { offset: 0, length: 8 } } as never)
      .subscribe({ abortSignal: abort.signal })
      .then(
        () => null,
        (error: unknown) => error,
      );
    abort.abort();
    expect(isSolanaError(refused, SOLANA_ERROR__JSON_RPC__INVALID_REQUEST)).toBe(true);
  });

  it('notifies logs and a signature', async () => {
    const abort = new AbortController();
    const logs = await firstOf(
      subscriptions.logsNotifications({ mentions: [payer.address] }, { commitment: 'confirmed' }).subscribe({ abortSignal: abort.signal }),
      sendTransfer,
    );
    z.object({ context: shape.context, value: z.object({ signature: shape.signature, err: shape.transactionError, logs: z.array(z.string()) }).strict() })
      .strict()
      .parse(logs);
    const { wire, signed } = await kitTransfer(rpc, payer, recipient, 3_000_000n);
    const status = await firstOf(
      subscriptions.signatureNotifications(getSignatureFromTransaction(signed), { commitment: 'confirmed' }).subscribe({ abortSignal: abort.signal }),
      () => rpc.sendTransaction(wire, { encoding: 'base64' }).send(),
    );
    abort.abort();
    z.object({ context: shape.context, value: z.object({ err: shape.transactionError }).strict() }).strict().parse(status);
  });

  it('notifies slots and roots as the slot clock produces empty blocks', async () => {
    const abort = new AbortController();
    const before = await rpc.getSlot().send();
    const slot = await firstOf(subscriptions.slotNotifications().subscribe({ abortSignal: abort.signal }), () => slots.tick());
    z.object({ parent: shape.u64, root: shape.u64, slot: shape.u64 }).strict().parse(slot);
    expect(slot).toEqual({ parent: before, root: before + 1n, slot: before + 1n });
    const root = await firstOf(subscriptions.rootNotifications().subscribe({ abortSignal: abort.signal }), () => slots.tick());
    expect(root).toBe(before + 2n);
    abort.abort();
    await vi.waitFor(() => expect(test.localnet.subscriptionCount()).toBe(0));
  });
});
