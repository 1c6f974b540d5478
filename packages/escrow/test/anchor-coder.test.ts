// Standard tooling reads the program: Anchor's BorshCoder, built from our IDL alone, decodes the accounts,
// events and instructions exactly as the hand-written client does.
import { BN } from '@coral-xyz/anchor';
import bs58 from 'bs58';
import { PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import idl from '../idl/jelly_escrow.json' with { type: 'json' };
import {
  decodeConfig,
  decodeFillTicket,
  decodeUniversalOrder,
  escapeOrderInstruction,
  escapeTicketInstruction,
  findConfigPda,
  partiesResolveTicketInstruction,
  setEscapeAfterInstruction,
} from '../src/client/index.ts';
import { Escrow } from './helpers/escrow.ts';
import { anchorEvents, coder, events } from './helpers/events.ts';

/** Anchor's output normalised to the client's shape: camelCase keys, bigint for BN, variant names for enums. */
function normalise(value: unknown): unknown {
  if (BN.isBN(value)) return BigInt((value as BN).toString());
  if (value instanceof PublicKey) return value.toBase58();
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  // a fieldless enum decodes as { VariantName: {} }
  if (entries.length === 1 && JSON.stringify(entries[0]?.[1]) === '{}') {
    const variant = entries[0]?.[0] ?? '';
    return variant.charAt(0).toUpperCase() + variant.slice(1);
  }
  return Object.fromEntries(entries.map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), normalise(v)]));
}

const ours = (value: object): unknown => normalise(value);

function scenario() {
  const escrow = new Escrow({ feeBps: 25 });
  escrow.chain.setTime(1_765_432_100n);
  const seller = escrow.trader(10_000_000n);
  const buyer = escrow.trader();
  const deal = escrow.sellDeal({ orderId: 314n, ticketId: 2718n, seller, buyer, amount: 1_234_567n, offerAmount: 9_000_000n, fiatAmount: 98_765n });
  const logs: string[][] = [];
  for (const result of [escrow.lock(deal), escrow.sign(deal, buyer), escrow.sign(deal, seller)]) {
    expect(result.ok).toBe(true);
    logs.push(result.logs);
  }
  const cancelled = escrow.sellDeal({ orderId: 314n, ticketId: 2719n, seller, buyer, amount: 5n, offerAmount: 9_000_000n });
  logs.push(escrow.lock(cancelled).logs, escrow.cancel(cancelled).logs);
  const resolved = { ...cancelled, ticketId: 2720n };
  logs.push(escrow.lock(resolved).logs, escrow.resolve(resolved, true).logs);
  return { escrow, deal, logs };
}

describe('Anchor BorshCoder from our IDL', () => {
  it('decodes Config, UniversalOrder and FillTicket exactly like the client decoders', () => {
    const { escrow } = scenario();
    const config = escrow.chain.account(findConfigPda(escrow.programId)[0])!;
    expect(normalise(coder.accounts.decode('Config', Buffer.from(config.data)))).toEqual(ours(decodeConfig(config.data)));

    const order = escrow.chain.account(escrow.orderPda(314n))!;
    const anchorOrder = normalise(coder.accounts.decode('UniversalOrder', Buffer.from(order.data)));
    expect(anchorOrder).toEqual(ours(decodeUniversalOrder(order.data)));
    expect(anchorOrder).toMatchObject({ orderId: 314n, filledAmount: 1_234_572n, reservedAmount: 0n, status: 'Open' });

    for (const ticketId of [2718n, 2719n, 2720n]) {
      const ticket = escrow.chain.account(escrow.ticketPda(314n, ticketId))!;
      expect(normalise(coder.accounts.decode('FillTicket', Buffer.from(ticket.data)))).toEqual(ours(decodeFillTicket(ticket.data)));
    }
    // the memcmp filter Anchor clients use to find all orders works on our discriminator
    expect(coder.accounts.memcmp('UniversalOrder')).toMatchObject({ offset: 0, bytes: bs58.encode(order.data.subarray(0, 8)) });
  });

  it('decodes every event the way the client event parser does', () => {
    const { escrow, logs } = scenario();
    const all = logs.flat();
    const anchor = anchorEvents(all).map((e) => ({ name: e.name, data: normalise(e.data) }));
    const client = events(all, escrow.programId).map((e) => ({ name: e.name, data: ours(e.data) }));
    expect(anchor).toEqual(client);
    expect(client.map((e) => e.name)).toEqual([
      'OfferAccepted',
      'TicketSigned',
      'TicketSigned',
      'TicketSettled',
      'OfferAccepted',
      'TicketCancelled',
      'OfferAccepted',
      'AdminResolved',
    ]);
    expect(client[3]?.data).toMatchObject({ orderId: 314n, ticketId: 2718n, amount: 1_234_567n, feeAmount: 3_086n, netAmount: 1_231_481n, totalFilled: 1_234_567n });
  });

  it('decodes and re-encodes the client instruction data', () => {
    const { escrow, deal } = scenario();
    const ix = escrow.lockInstruction({ ...deal, ticketId: 9n });
    const decoded = coder.instruction.decode(ix.data);
    expect(decoded?.name).toBe('accept_offer_and_lock');
    const data = normalise(decoded?.data) as Record<string, unknown>;
    expect(data).toMatchObject({
      orderId: 314n,
      ticketId: 9n,
      cryptoAmount: deal.amount,
      fiatAmount: deal.fiatAmount,
      isSellOrder: true,
      creator: deal.creator.publicKey.toBase58(),
      fiatGuy: deal.fiatGuy.publicKey.toBase58(),
      offerAmount: 9_000_000n,
    });
    expect(coder.instruction.encode('accept_offer_and_lock', decoded!.data)).toEqual(ix.data);
    const resolve = coder.instruction.decode(escrow.resolveInstruction(deal, true).data);
    expect(resolve).toEqual({ name: 'admin_resolve_universal_ticket', data: { release_to_fiat_guy: true } });
  });

  it('the escape instructions: data round-trips through Anchor, accounts and flags as the IDL lists them', () => {
    const [a, b, c] = [PublicKey.unique(), PublicKey.unique(), PublicKey.unique()];
    const built = [
      setEscapeAfterInstruction({ authority: a, escapeAfterSeconds: 2_592_000 }),
      partiesResolveTicketInstruction({ cryptoGuy: a, fiatGuy: b, orderId: 1n, ticketId: 2n, mint: c, treasury: c, releaseToFiatGuy: false }),
      escapeTicketInstruction({ party: a, orderId: 1n, ticketId: 2n, mint: c, treasury: b }),
      escapeOrderInstruction({ creator: a, orderId: 1n, mint: c, rentReceiver: b }),
    ];
    for (const ix of built) {
      const decoded = coder.instruction.decode(ix.data);
      const declared = idl.instructions.find((i) => i.name === decoded?.name);
      expect(declared, decoded?.name).toBeDefined();
      expect(coder.instruction.encode(decoded!.name, decoded!.data)).toEqual(ix.data);
      const flags = (declared?.accounts ?? []).map((acc) => [Boolean('signer' in acc && acc.signer), Boolean('writable' in acc && acc.writable)]);
      expect(ix.keys.map((k) => [k.isSigner, k.isWritable]), decoded?.name).toEqual(flags);
    }
    expect(coder.instruction.decode(built[0]!.data)?.data).toEqual({ escape_after_seconds: 2_592_000 });
  });
});
