import { hash, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { SwapPriceSource } from '@jelly/contracts';
import { deskAssetByMint, type DeskAsset } from './desk-assets.ts';

/**
 * A firm quote travels with the client as a signed token instead of a row written per quote: the quote writes
 * nothing (an embedded database blocks the process while it writes, and few quotes are ever submitted), and any
 * replica that shares JWT_SECRET can read a quote another gave, at once. The token holds every term the co-signer
 * needs — the wallet, the pair, both amounts, the mid output the price band is measured from, the blockhash, the
 * compute-unit limit and which accounts the transaction creates — so the co-signer rebuilds the quote's
 * transaction from it and compares the signed one with that (build-swap-transaction.ts).
 *
 * Integrity: HMAC-SHA256 over the payload with a key derived from JWT_SECRET for this purpose only (HKDF, its own
 * label), compared in constant time. A token that does not verify is unknown ('This quote is unknown.'). Expiry is
 * the term `expireAt` inside it; single use is the swap's unique quote id, inserted at submit (swap-writes.ts).
 */
export interface FirmQuote {
  id: string;
  wallet: string;
  input: DeskAsset;
  output: DeskAsset;
  inAmount: bigint;
  outAmount: bigint;
  /** What the user would receive at the feed's mid price: the reference of the price band at submit. */
  midOutAmount: bigint;
  feeBps: number;
  source: SwapPriceSource;
  publishTime: Date;
  recentBlockhash: string;
  lastValidBlockHeight: number;
  computeUnitLimit: number;
  /** The transaction creates the desk's token account for the input (it had none when quoted). */
  createDeskInputAccount: boolean;
  expireAt: Date;
  createdAt: Date;
}

export interface QuoteTokens {
  issue(quote: FirmQuote): string;
  /** The quote the token carries, or undefined when it is not one this server signed (forged, altered, cut). */
  read(token: string): FirmQuote | undefined;
}

/** The format's version: a token of another version is unknown, so a change of the terms can never misread one. */
const VERSION = 'q1';
const SOURCES: readonly SwapPriceSource[] = ['bundled', 'pyth', 'jupiter'];

/** The positional payload: short on the wire, and one place that says what each position is. */
type Payload = [
  id: string,
  wallet: string,
  inputMint: string,
  outputMint: string,
  inAmount: string,
  outAmount: string,
  midOutAmount: string,
  feeBps: number,
  source: string,
  publishTimeMs: number,
  recentBlockhash: string,
  lastValidBlockHeight: number,
  computeUnitLimit: number,
  createDeskInputAccount: 0 | 1,
  expireAtMs: number,
  createdAtMs: number,
];
const FIELDS = 16;

/** The HMAC key of quote tokens, derived from the access-token secret so replicas share it without a new setting. */
export function quoteTokenKey(jwtSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'jelly', 'swap quote token v1', 32));
}

/** SHA-256's block: an HMAC key up to this long is padded, a longer one would be hashed first. */
const BLOCK_BYTES = 64;
const DIGEST_BYTES = 32;
/** A body up to this many UTF-8 bytes is hashed in place (every token the contracts accept fits); a longer one is copied. */
const SCRATCH_BODY_BYTES = 4096;

/**
 * HMAC-SHA256 (RFC 2104: H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m))) from two one-shot hashes over buffers that already hold
 * the padded keys, the tag given as base64url. Written out because `createHmac` sets up a new OpenSSL HMAC context (a
 * digest looked up by name, a stream object) for every tag, and each new Buffer is a fresh allocation the garbage
 * collector pays for again: in the server both were the largest costs of issuing a quote. The body is written
 * behind the inner key and the inner digest behind the outer key, so a tag allocates only the inner digest. Safe to
 * share: a tag is computed synchronously, start to end. The tags are createHmac's, byte for byte (quote-token.test.ts).
 */
export function hmacSha256(key: Buffer): (body: string) => string {
  if (key.length > BLOCK_BYTES) throw new Error(`An HMAC key of at most ${BLOCK_BYTES} bytes is expected.`);
  const inner = Buffer.alloc(BLOCK_BYTES + SCRATCH_BODY_BYTES, 0x36);
  const outer = Buffer.alloc(BLOCK_BYTES + DIGEST_BYTES, 0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i] = (inner[i] as number) ^ (key[i] as number);
    outer[i] = (outer[i] as number) ^ (key[i] as number);
  }
  return (body) => {
    const length = Buffer.byteLength(body);
    const message =
      length <= SCRATCH_BODY_BYTES
        ? inner.subarray(0, BLOCK_BYTES + inner.write(body, BLOCK_BYTES))
        : Buffer.concat([inner.subarray(0, BLOCK_BYTES), Buffer.from(body)]);
    outer.set(hash('sha256', message, 'buffer'), BLOCK_BYTES);
    return hash('sha256', outer, 'base64url');
  };
}

export function createQuoteTokens(key: Buffer, assets: readonly DeskAsset[]): QuoteTokens {
  const tag = hmacSha256(key);
  return {
    issue(q) {
      const payload: Payload = [
        q.id,
        q.wallet,
        q.input.address,
        q.output.address,
        q.inAmount.toString(),
        q.outAmount.toString(),
        q.midOutAmount.toString(),
        q.feeBps,
        q.source,
        q.publishTime.getTime(),
        q.recentBlockhash,
        q.lastValidBlockHeight,
        q.computeUnitLimit,
        q.createDeskInputAccount ? 1 : 0,
        q.expireAt.getTime(),
        q.createdAt.getTime(),
      ];
      const body = `${VERSION}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
      return `${body}.${tag(body)}`;
    },
    read(token) {
      const cut = token.lastIndexOf('.');
      if (cut < 0 || !token.startsWith(`${VERSION}.`)) return undefined;
      const body = token.slice(0, cut);
      const given = Buffer.from(token.slice(cut + 1), 'base64url');
      const expected = Buffer.from(tag(body), 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return decode(body.slice(VERSION.length + 1), assets);
    },
  };
}

/** The terms of a verified payload; undefined when they no longer name what this desk trades. */
function decode(encoded: string, assets: readonly DeskAsset[]): FirmQuote | undefined {
  let p: unknown;
  try {
    p = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(p) || p.length !== FIELDS) return undefined;
  const [id, wallet, inputMint, outputMint, inAmount, outAmount, midOutAmount, feeBps, source, publishTimeMs, blockhash, lastValid, units, createDesk, expireAtMs, createdAtMs] =
    p as Payload;
  const input = deskAssetByMint(assets, inputMint);
  const output = deskAssetByMint(assets, outputMint);
  if (!input || !output || !SOURCES.includes(source as SwapPriceSource)) return undefined;
  return {
    id,
    wallet,
    input,
    output,
    inAmount: BigInt(inAmount),
    outAmount: BigInt(outAmount),
    midOutAmount: BigInt(midOutAmount),
    feeBps,
    source: source as SwapPriceSource,
    publishTime: new Date(publishTimeMs),
    recentBlockhash: blockhash,
    lastValidBlockHeight: lastValid,
    computeUnitLimit: units,
    createDeskInputAccount: createDesk === 1,
    expireAt: new Date(expireAtMs),
    createdAt: new Date(createdAtMs),
  };
}
