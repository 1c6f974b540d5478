// A quote is a token the server signed: any process holding the same secret reads it (a replica behind a round-robin
// balancer), and a token altered, forged, cut or of another version is an unknown quote — at the API too, where
// nothing moves on chain for it. Its expiry and single use are the terms inside it (swap-cosigner-hostile.test.ts).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { SwapQuote } from '@jelly/contracts';
import { SWAP_MESSAGES } from '@jelly/domain';
import type { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainTestApp, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { errorOf } from '../orders/testing.ts';
import { DEFAULT_DESK_CONFIG } from './desk-config.ts';
import { defaultStablecoinMints } from '../../chain/stablecoin-mints.ts';
import { deskAssets } from './desk-assets.ts';
import { createQuoteTokens, hmacSha256, quoteTokenKey, type FirmQuote } from './quote-token.ts';
import { SOL, USDT, postSubmit, quote, signQuote, snapshot, submit, swapper, type Swapper } from './testing.ts';

const secret = () => new Uint8Array(randomBytes(32));
/** The localnet's assets: the mints the test app's desk trades. */
const ASSETS = deskAssets(defaultStablecoinMints('localnet'));
const asset = (symbol: string) => ASSETS.find((a) => a.symbol === symbol)!;

function firmQuote(): FirmQuote {
  const now = new Date('2026-12-01T12:00:00.000Z');
  return {
    id: randomUUID(),
    wallet: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
    input: asset('USDT'),
    output: asset('SOL'),
    inAmount: 25_000_000n,
    outAmount: 174_125_583n,
    midOutAmount: 174_649_532n,
    feeBps: 30,
    source: 'bundled',
    publishTime: now,
    recentBlockhash: 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k',
    lastValidBlockHeight: 1_234_567,
    computeUnitLimit: 71_234,
    createDeskInputAccount: true,
    expireAt: new Date(now.getTime() + 30_000),
    createdAt: now,
  };
}

/** The token with its payload's terms changed and its tag kept: what a client that edits the amounts sends. */
function altered(token: string, change: (terms: unknown[]) => void): string {
  const [version, payload, tag] = token.split('.') as [string, string, string];
  const terms = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
  change(terms);
  return `${version}.${Buffer.from(JSON.stringify(terms)).toString('base64url')}.${tag}`;
}

describe('the quote tag', () => {
  it("is createHmac's HMAC-SHA256, byte for byte, for any key up to a block and any body", () => {
    const bodies = ['', 'q1', 'x'.repeat(55), 'x'.repeat(64), 'x'.repeat(65), 'q1.' + randomBytes(300).toString('base64url'), 'é€😀', 'y'.repeat(4096), 'z'.repeat(4097), '€'.repeat(1366)];
    for (const length of [0, 1, 16, 32, 63, 64]) {
      const key = randomBytes(length);
      const tag = hmacSha256(key);
      // twice per body: the second tag is computed over the scratch the first one left behind
      for (const body of [...bodies, ...bodies]) expect(tag(body)).toBe(createHmac('sha256', key).update(body).digest('base64url'));
    }
    expect(() => hmacSha256(randomBytes(65))).toThrow();
  });
});

describe('quote tokens', () => {
  it('are read with every term by another process that holds the same secret', () => {
    const shared = secret();
    const q = firmQuote();
    const token = createQuoteTokens(quoteTokenKey(shared), ASSETS).issue(q);
    expect(createQuoteTokens(quoteTokenKey(shared), ASSETS).read(token)).toEqual(q);
  });

  it('are unknown when signed with another secret, altered, cut, or of another version', () => {
    const tokens = createQuoteTokens(quoteTokenKey(secret()), ASSETS);
    const token = tokens.issue(firmQuote());
    const [, payload, tag] = token.split('.') as [string, string, string];
    expect(createQuoteTokens(quoteTokenKey(secret()), ASSETS).read(token)).toBeUndefined();
    expect(tokens.read(altered(token, (terms) => (terms[5] = '999999999999')))).toBeUndefined(); // a larger output
    expect(tokens.read(altered(token, (terms) => (terms[14] = Date.now() + 3_600_000)))).toBeUndefined(); // a later expiry
    expect(tokens.read(altered(token, (terms) => (terms[1] = 'Fy7b4AHxyfqKhfAsdB4yEfQFRaPwEaZixbZVtp7Xw1Mk')))).toBeUndefined();
    expect(tokens.read(`q1.${payload}.${tag.slice(0, -2)}`)).toBeUndefined();
    expect(tokens.read(`q1.${payload}`)).toBeUndefined();
    expect(tokens.read(`q2.${payload}.${tag}`)).toBeUndefined();
    expect(tokens.read(randomUUID())).toBeUndefined();
    expect(tokens.read('')).toBeUndefined();
  });
});

describe('POST /swap/submit with a quote token the server did not sign as it is', () => {
  let t: ChainTestApp;
  let alice: Swapper;
  let desk: PublicKey;
  beforeAll(async () => {
    t = await createChainTestApp({ config: { swap: { ...DEFAULT_DESK_CONFIG, processingSweepMs: 0, quoteSweepMs: 0 } } });
    alice = await swapper(t, { sol: 1_000_000_000n, usdt: 1_000_000_000n });
    desk = (t.app.desk as NonNullable<typeof t.app.desk>).key.publicKey;
  });
  afterAll(async () => {
    await t.close();
  });
  const everyone = () => ({ alice: alice.key, desk, admin: t.chain.admin.publicKey });
  const unknownQuote = { status: 404, message: SWAP_MESSAGES.quote_not_found };

  it('refuses an altered token as an unknown quote, and nothing moves; the honest token still swaps', async () => {
    const q: SwapQuote = await quote(t, alice, USDT, SOL, 25_000_000n);
    const signed = signQuote(q, alice.keypair);
    const before = await snapshot(t, everyone());
    const richer = altered(q.quoteToken, (terms) => (terms[5] = (BigInt(q.outAmount) * 2n).toString()));
    expect(errorOf(await postSubmit(t, alice, richer, signed))).toMatchObject(unknownQuote);
    const later = altered(q.quoteToken, (terms) => (terms[14] = t.clock.now().getTime() + 3_600_000));
    expect(errorOf(await postSubmit(t, alice, later, signed))).toMatchObject(unknownQuote);
    expect(await snapshot(t, everyone())).toEqual(before);

    const result = await submit(t, alice, q);
    expect(result).toMatchObject({ alreadySent: false, swap: { status: 1, quoteId: q.quoteId } });
  });

  it('refuses a token forged with a guessed secret as an unknown quote', async () => {
    const q = await quote(t, alice, USDT, SOL, 2_000_000n);
    const mine = createQuoteTokens(quoteTokenKey(secret()), ASSETS);
    const theirs = createQuoteTokens(quoteTokenKey(t.config.jwtSecret), ASSETS).read(q.quoteToken) as FirmQuote;
    const forged = mine.issue({ ...theirs, outAmount: theirs.outAmount * 10n });
    const before = await snapshot(t, everyone());
    expect(errorOf(await postSubmit(t, alice, forged, signQuote(q, alice.keypair)))).toMatchObject(unknownQuote);
    expect(await snapshot(t, everyone())).toEqual(before);
  });

  it('co-signs a token submitted twice at once only once: the other answer is the first record', async () => {
    const q = await quote(t, alice, USDT, SOL, 3_000_000n);
    const signed = signQuote(q, alice.keypair);
    const answers = await Promise.all([postSubmit(t, alice, q.quoteToken, signed), postSubmit(t, alice, q.quoteToken, signed)]);
    const bodies = answers.map((a) => a.json<{ alreadySent: boolean; swap: { id: number; quoteId: string } }>());
    expect(bodies.map((b) => b.alreadySent).sort()).toEqual([false, true]);
    expect(bodies[0]!.swap.id).toBe(bodies[1]!.swap.id);
    expect(bodies[0]!.swap.quoteId).toBe(q.quoteId);
  });
});
