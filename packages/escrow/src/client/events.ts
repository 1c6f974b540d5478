// Decoding the program's Anchor events from transaction logs ("Program data: <base64>").
import type { PublicKey } from '@solana/web3.js';
import { EVENT_DISCRIMINATORS, PROGRAM_ID, type EventName } from './constants.ts';
import { BorshReader, startsWith } from './codec.ts';
import { TICKET_PARTIES, type TicketParty } from './accounts.ts';

export interface EscrowEvents {
  ConfigUpdated: {
    admin: PublicKey;
    treasury: PublicKey;
    feeBps: number;
    dailyFillLimit: number;
    cooldownSeconds: number;
    timestamp: bigint;
  };
  OfferAccepted: {
    order: PublicKey;
    orderId: bigint;
    ticketId: bigint;
    cryptoGuy: PublicKey;
    fiatGuy: PublicKey;
    amount: bigint;
    fiatAmount: bigint;
    reservedAmount: bigint;
    isSellOrder: boolean;
    timestamp: bigint;
  };
  TicketSigned: { order: PublicKey; orderId: bigint; ticketId: bigint; signer: PublicKey; party: TicketParty; timestamp: bigint };
  TicketSettled: {
    order: PublicKey;
    orderId: bigint;
    ticketId: bigint;
    amount: bigint;
    feeAmount: bigint;
    netAmount: bigint;
    totalFilled: bigint;
    timestamp: bigint;
  };
  TicketCancelled: { order: PublicKey; orderId: bigint; ticketId: bigint; amount: bigint; reservedAmount: bigint; timestamp: bigint };
  OrderCancelled: { order: PublicKey; orderId: bigint; cancelledBy: PublicKey; timestamp: bigint };
  OrderClosed: { order: PublicKey; orderId: bigint; rentReceiver: PublicKey; sweptAmount: bigint; timestamp: bigint };
  AdminResolved: {
    order: PublicKey;
    orderId: bigint;
    ticketId: bigint;
    releaseToFiatGuy: boolean;
    amount: bigint;
    feeAmount: bigint;
    netAmount: bigint;
    totalFilled: bigint;
    timestamp: bigint;
  };
}

export type EscrowEvent = { [K in EventName]: { name: K; data: EscrowEvents[K] } }[EventName];

const decoders: { [K in EventName]: (r: BorshReader) => EscrowEvents[K] } = {
  ConfigUpdated: (r) => ({
    admin: r.pubkey(),
    treasury: r.pubkey(),
    feeBps: r.u16(),
    dailyFillLimit: r.u32(),
    cooldownSeconds: r.u32(),
    timestamp: r.i64(),
  }),
  OfferAccepted: (r) => ({
    order: r.pubkey(),
    orderId: r.u64(),
    ticketId: r.u64(),
    cryptoGuy: r.pubkey(),
    fiatGuy: r.pubkey(),
    amount: r.u64(),
    fiatAmount: r.u64(),
    reservedAmount: r.u64(),
    isSellOrder: r.bool(),
    timestamp: r.i64(),
  }),
  TicketSigned: (r) => {
    const fields = { order: r.pubkey(), orderId: r.u64(), ticketId: r.u64(), signer: r.pubkey() };
    const party = TICKET_PARTIES[r.u8()];
    if (party === undefined) throw new RangeError('unknown ticket party');
    return { ...fields, party, timestamp: r.i64() };
  },
  TicketSettled: (r) => ({
    order: r.pubkey(),
    orderId: r.u64(),
    ticketId: r.u64(),
    amount: r.u64(),
    feeAmount: r.u64(),
    netAmount: r.u64(),
    totalFilled: r.u64(),
    timestamp: r.i64(),
  }),
  TicketCancelled: (r) => ({
    order: r.pubkey(),
    orderId: r.u64(),
    ticketId: r.u64(),
    amount: r.u64(),
    reservedAmount: r.u64(),
    timestamp: r.i64(),
  }),
  OrderCancelled: (r) => ({ order: r.pubkey(), orderId: r.u64(), cancelledBy: r.pubkey(), timestamp: r.i64() }),
  OrderClosed: (r) => ({
    order: r.pubkey(),
    orderId: r.u64(),
    rentReceiver: r.pubkey(),
    sweptAmount: r.u64(),
    timestamp: r.i64(),
  }),
  AdminResolved: (r) => ({
    order: r.pubkey(),
    orderId: r.u64(),
    ticketId: r.u64(),
    releaseToFiatGuy: r.bool(),
    amount: r.u64(),
    feeAmount: r.u64(),
    netAmount: r.u64(),
    totalFilled: r.u64(),
    timestamp: r.i64(),
  }),
};

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Decodes one event payload (discriminator + Borsh body); undefined when it is not one of ours. */
export function decodeEvent(data: Uint8Array): EscrowEvent | undefined {
  for (const name of Object.keys(EVENT_DISCRIMINATORS) as EventName[]) {
    if (startsWith(data, EVENT_DISCRIMINATORS[name])) {
      const data_ = decoders[name](new BorshReader(data, 8));
      return { name, data: data_ } as EscrowEvent;
    }
  }
  return undefined;
}

const INVOKE = /^Program (\w+) invoke \[\d+\]$/;
const EXIT = /^Program (\w+) (success|failed)/;
const DATA = 'Program data: ';

/**
 * The program's events in a transaction's log lines, in order. Only "Program data:" lines written while
 * the escrow program itself is executing count (the invoke/success lines give the call stack), so a
 * program it calls, or one that calls it, cannot inject look-alike events.
 */
export function parseEvents(logs: readonly string[], programId: PublicKey = PROGRAM_ID): EscrowEvent[] {
  const id = programId.toBase58();
  const stack: string[] = [];
  const events: EscrowEvent[] = [];
  for (const line of logs) {
    const invoke = INVOKE.exec(line);
    if (invoke?.[1]) {
      stack.push(invoke[1]);
      continue;
    }
    if (EXIT.test(line)) {
      stack.pop();
      continue;
    }
    if (line.startsWith(DATA) && stack[stack.length - 1] === id) {
      const payload = line.slice(DATA.length).trim();
      if (payload.includes(' ')) continue; // several fields: not an Anchor event
      const event = decodeEvent(base64ToBytes(payload));
      if (event) events.push(event);
    }
  }
  return events;
}
