import bs58 from 'bs58';

/** Decodes base58 text; null when it is not valid base58. */
export function decodeBase58(text: string): Uint8Array | null {
  try {
    return bs58.decode(text);
  } catch {
    return null;
  }
}

/** True when `text` is a base58 string of exactly 32 bytes, i.e. a Solana public key. */
export function isPublicKey(text: string): boolean {
  return decodeBase58(text)?.length === 32;
}
