// Jupiter as a price reference, against a local HTTP server replaying its GET /order answer (never the real API).
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SWAP_MESSAGES } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainTestApp, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { createOutboundHttp } from '../../lib/outbound-http.ts';
import { errorOf } from '../orders/testing.ts';
import { DEFAULT_DESK_CONFIG } from './desk-config.ts';
import { createJupiterReference } from './quote-reference.ts';
import { SOL, USDT, quote, requestQuote, swapper } from './testing.ts';

/** Shaped after the documented /order answer of a JupiterZ (RFQ) quote without a taker. */
const ORDER = readFileSync(new URL('../../../test/fixtures/swap/jupiter-order-usdt-sol.json', import.meta.url), 'utf8');
const API_KEY = 'test-key';
/** The replay server listens on loopback, which the outbound client reaches only when the allow-list names it. */
const REPLAY_ALLOWED = { allow: ['127.0.0.1'] };
const outbound = createOutboundHttp(REPLAY_ALLOWED);

interface Replay {
  url: string;
  seen: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[];
  answer: [number, string];
  close(): Promise<void>;
}

async function startJupiterReplay(): Promise<Replay> {
  const replay = { seen: [], answer: [200, ORDER] } as unknown as Replay;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    replay.seen.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
    if (request.headers['x-api-key'] !== API_KEY) return void response.writeHead(401).end('{"error":"unauthorized"}');
    response.writeHead(replay.answer[0], { 'content-type': 'application/json' }).end(replay.answer[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  replay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/swap/v2`;
  replay.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return replay;
}

let replay: Replay;
beforeAll(async () => {
  replay = await startJupiterReplay();
});
afterAll(async () => {
  await outbound.close();
  await replay.close();
});

describe('the Jupiter reference client', () => {
  it('asks GET /order for an ExactIn quote without a taker, with the API key, and reads outAmount', async () => {
    replay.answer = [200, ORDER];
    const reference = createJupiterReference({ url: replay.url, apiKey: API_KEY, fetch: outbound.fetch });
    expect(await reference.outAmount({ inputMint: USDT, outputMint: SOL, amount: 25_000_000n })).toBe(174_580_112n);
    const last = replay.seen.at(-1);
    expect(last?.path).toBe('/swap/v2/order');
    expect(Object.fromEntries(last?.query ?? [])).toEqual({ inputMint: USDT, outputMint: SOL, amount: '25000000', swapMode: 'ExactIn' });
    expect(last?.headers['x-api-key']).toBe(API_KEY);
  });

  it.each([
    { name: 'a wrong API key', key: 'other', answer: [200, ORDER] as [number, string] },
    { name: 'an error answer', key: API_KEY, answer: [500, '{"error":"down"}'] as [number, string] },
    { name: 'garbage', key: API_KEY, answer: [200, '<html>'] as [number, string] },
    { name: 'another amount than asked', key: API_KEY, answer: [200, ORDER.replace('"inAmount": "25000000"', '"inAmount": "1"')] as [number, string] },
  ])('$name reads as no answer', async ({ key, answer }) => {
    replay.answer = answer;
    const reference = createJupiterReference({ url: replay.url, apiKey: key, fetch: outbound.fetch });
    expect(await reference.outAmount({ inputMint: USDT, outputMint: SOL, amount: 25_000_000n })).toBeNull();
  });

  it('an unreachable server reads as no answer', async () => {
    const reference = createJupiterReference({ url: 'http://127.0.0.1:9/swap/v2', apiKey: API_KEY, timeoutMs: 500, fetch: outbound.fetch });
    expect(await reference.outAmount({ inputMint: USDT, outputMint: SOL, amount: 1n })).toBeNull();
  });

  it('calls through the outbound client: without the allow-list the loopback replay is refused and never reached', async () => {
    const strict = createOutboundHttp({ allow: [] });
    try {
      const seen = replay.seen.length;
      const reference = createJupiterReference({ url: replay.url, apiKey: API_KEY, fetch: strict.fetch });
      expect(await reference.outAmount({ inputMint: USDT, outputMint: SOL, amount: 25_000_000n })).toBeNull();
      expect(replay.seen.length).toBe(seen);
    } finally {
      await strict.close();
    }
  });
});

describe('quoting with the reference configured', () => {
  let t: ChainTestApp;
  beforeAll(async () => {
    t = await createChainTestApp({
      config: { outbound: REPLAY_ALLOWED, swap: { ...DEFAULT_DESK_CONFIG, processingSweepMs: 0, quoteSweepMs: 0, jupiter: { url: replay.url, apiKey: API_KEY } } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('quotes when the market agrees within the band, refuses when it does not', async () => {
    const alice = await swapper(t, { sol: 10_000_000n, usdt: 100_000_000n });
    replay.answer = [200, ORDER]; // 174,580,112 vs the feed's mid 174,649,532: 4 bps apart
    expect((await quote(t, alice, USDT, SOL, 25_000_000n)).outAmount).toBe('174125583');
    replay.answer = [200, ORDER.replaceAll('174580112', '170000000')]; // 2.7% apart
    const refused = await requestQuote(t, alice, { inputMint: USDT, outputMint: SOL, amount: '25000000' });
    expect(errorOf(refused)).toMatchObject({ status: 503, message: SWAP_MESSAGES.price_unavailable });
  });
});
