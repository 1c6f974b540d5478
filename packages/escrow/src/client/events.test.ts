import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { BorshWriter } from './codec.ts';
import { EVENT_DISCRIMINATORS, PROGRAM_ID } from './constants.ts';
import { decodeEvent, parseEvents } from './events.ts';

const order = Keypair.generate().publicKey;
const cancelledBy = Keypair.generate().publicKey;

function orderCancelled(orderId: bigint): string {
  const body = new BorshWriter().bytes(EVENT_DISCRIMINATORS.OrderCancelled).pubkey(order).u64(orderId).pubkey(cancelledBy).u64(1_700_000_000n);
  return `Program data: ${body.toBuffer().toString('base64')}`;
}

describe('parseEvents', () => {
  const id = PROGRAM_ID.toBase58();
  const other = Keypair.generate().publicKey.toBase58();

  it('decodes the events our program logs, in order', () => {
    const logs = [`Program ${id} invoke [1]`, orderCancelled(1n), orderCancelled(2n), `Program ${id} consumed 900 of 200000 compute units`, `Program ${id} success`];
    const events = parseEvents(logs);
    expect(events.map((e) => e.name)).toEqual(['OrderCancelled', 'OrderCancelled']);
    expect(events[1]).toMatchObject({ name: 'OrderCancelled', data: { orderId: 2n, timestamp: 1_700_000_000n } });
    expect(events[0]?.name === 'OrderCancelled' && events[0].data.cancelledBy.equals(cancelledBy)).toBe(true);
  });

  it('ignores look-alike lines logged by another program, before or inside our call', () => {
    const logs = [
      `Program ${other} invoke [1]`,
      orderCancelled(66n),
      `Program ${id} invoke [2]`,
      orderCancelled(3n),
      `Program ${other} invoke [3]`,
      orderCancelled(67n),
      `Program ${other} success`,
      `Program ${id} success`,
      orderCancelled(68n),
      `Program ${other} success`,
    ];
    expect(parseEvents(logs).map((e) => (e.name === 'OrderCancelled' ? e.data.orderId : -1n))).toEqual([3n]);
  });

  it('skips data that is not one of our events and rejects truncated ones', () => {
    expect(decodeEvent(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBeUndefined();
    const truncated = new BorshWriter().bytes(EVENT_DISCRIMINATORS.TicketSettled).u64(1n).toBuffer();
    expect(() => decodeEvent(truncated)).toThrow(/too short/);
  });
});
