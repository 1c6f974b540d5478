import { KNOWN_MINTS, swapQuote, type SwapQuote } from '@jelly/contracts';
import { serializerCompiler as encodingCheck } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { readsSameBothWays, responseSerializerCompiler } from './response-check.ts';

const compile = (schema: $ZodType) => responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const encode = (schema: $ZodType) => encodingCheck({ schema, method: 'GET', url: '/x', httpStatus: '200' });

/** What each check answers: the JSON, or the issues' paths and codes when it refuses. */
function verdict(check: (data: unknown) => string, data: unknown): { json: string } | { issues: unknown } {
  try {
    return { json: check(data) };
  } catch (error) {
    const cause = (error as { cause?: { issues?: { path: unknown; code: unknown }[] } }).cause;
    expect(cause?.issues, String(error)).toBeDefined();
    return { issues: cause?.issues?.map((issue) => ({ path: issue.path, code: issue.code })) };
  }
}

const wallet = 'F1xYxZ6rVq6C4vB9oNnHq7hK4m1wEcWq2qCk5sM3ZpQe';
const quote: SwapQuote = {
  quoteId: '0b8a3f57-3f0e-4c1e-9f7e-2f3b8f1d6c2a',
  quoteToken: 'q1.payload.tag',
  taker: wallet,
  inputMint: KNOWN_MINTS.USDT,
  outputMint: KNOWN_MINTS.SOL,
  inSymbol: 'USDT',
  outSymbol: 'SOL',
  inDecimals: 6,
  outDecimals: 9,
  inAmount: '25000000',
  outAmount: '174125583',
  otherAmountThreshold: '174125583',
  swapMode: 'ExactIn',
  slippageBps: 0,
  priceImpactPct: '0.3',
  feeBps: 30,
  platformFee: { amount: '524000', feeBps: 30, feeMint: KNOWN_MINTS.SOL },
  expireAt: '2026-12-01T17:00:30.000Z',
  quotedAt: '2026-12-01T17:00:00.000Z',
  lastValidBlockHeight: 151,
  signatureFeePayer: wallet,
  source: 'bundled',
  publishTime: '2026-12-01T17:00:00.000Z',
  price: '0.006965',
  transaction: 'AQID',
  createsOutputAccount: false,
};

/** Answers a handler could get wrong: a wrong type, a broken pattern, a missing or extra field, a wrong literal. */
const offContract: Record<string, unknown>[] = [
  { ...quote, quoteId: 'not-a-uuid' },
  { ...quote, taker: '0OIl' },
  { ...quote, inAmount: 25000000 },
  { ...quote, outAmount: '-1' },
  { ...quote, inDecimals: 6.5 },
  { ...quote, slippageBps: 1 },
  { ...quote, swapMode: 'ExactOut' },
  { ...quote, feeBps: -1 },
  { ...quote, platformFee: { ...quote.platformFee, feeMint: undefined } },
  { ...quote, expireAt: '2026-12-01 17:00' },
  { ...quote, source: 'oracle' },
  { ...quote, createsOutputAccount: 'false' },
  { ...quote, quoteToken: 'x'.repeat(1025) },
  Object.fromEntries(Object.entries(quote).filter(([key]) => key !== 'price')),
];

describe('the response check', () => {
  it('checks the swap quote by the forward parse', () => {
    expect(readsSameBothWays(swapQuote)).toBe(true);
  });

  it('gives the swap quote the verdict and the JSON the encoding check gives', () => {
    const fast = compile(swapQuote);
    const slow = encode(swapQuote);
    for (const data of [quote, { ...quote, extra: 'dropped' }, { ...quote, createsOutputAccount: true }, ...offContract]) {
      expect(verdict(fast, data)).toEqual(verdict(slow, data));
    }
    expect(JSON.parse(fast({ ...quote, extra: 'dropped' }))).toEqual(quote);
    for (const data of offContract) expect(() => fast(data)).toThrow("Response doesn't match the schema");
  });

  it('agrees with the encoding check on arrays, optional, nullable and union fields', () => {
    const schema = z.object({
      items: z.array(z.object({ id: z.number().int().positive(), note: z.string().max(3).nullable() })),
      tag: z.union([z.literal('a'), z.number()]).optional(),
      kind: z.enum(['x', 'y']),
    });
    expect(readsSameBothWays(schema)).toBe(true);
    const samples = [
      { items: [{ id: 1, note: null }], kind: 'x' },
      { items: [{ id: 1, note: 'abc' }, { id: 2, note: null }], tag: 'a', kind: 'y' },
      { items: [], tag: 7, kind: 'x', extra: true },
      { items: [{ id: 0, note: null }], kind: 'x' },
      { items: [{ id: 1, note: 'abcd' }], kind: 'x' },
      { items: [{ id: 1 }], kind: 'x' },
      { items: null, kind: 'x' },
      { items: [], tag: 'b', kind: 'x' },
      { items: [], kind: 'z' },
    ];
    for (const data of samples) expect(verdict(compile(schema), data)).toEqual(verdict(encode(schema), data));
  });

  it('agrees with the encoding check on numbers, string checks that rewrite, lengths and answers that are no object', () => {
    const schema = z.object({ ratio: z.number(), name: z.string().trim().toLowerCase().max(3), list: z.array(z.boolean()) });
    expect(readsSameBothWays(schema)).toBe(true);
    const base = { ratio: 0.5, name: 'ab', list: [true] };
    const samples = [
      base,
      { ...base, name: '  AbC ' },
      // three code points, four UTF-16 units: zod counts the units
      { ...base, name: 'a\u{1F600}b' },
      { ...base, ratio: Number.NaN },
      { ...base, ratio: Number.POSITIVE_INFINITY },
      { ...base, ratio: '0.5' },
      { ...base, list: [true, 'yes'] },
      { ...base, list: { 0: true } },
      { ...base, deep: { secret: 'dropped' } },
      [],
      null,
      'text',
    ];
    for (const data of samples) expect(verdict(compile(schema), data)).toEqual(verdict(encode(schema), data));
  });

  it('keeps the encoding check for any schema with a codec, transform, default or discriminated union', () => {
    const isoDate = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const withCodec = z.object({ at: isoDate });
    const others = [
      z.object({ name: z.string().transform((s) => s.trim()) }),
      z.object({ size: z.number().default(10) }),
      z.object({ list: z.array(z.string().catch('')) }),
      z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b'), n: z.number() })]),
      z.lazy(() => z.string()),
    ];
    for (const schema of [withCodec, ...others]) expect(readsSameBothWays(schema)).toBe(false);
    // the codec's own encode runs: a Date goes out as its ISO text
    expect(compile(withCodec)({ at: new Date('2026-12-01T17:00:00.000Z') })).toBe('{"at":"2026-12-01T17:00:00.000Z"}');
  });
});
