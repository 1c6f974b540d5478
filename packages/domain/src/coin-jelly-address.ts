/**
 * Recipient (and refund) address rules per chain, shared by the web form and the API. Each rule is the chain's own
 * format, checked with the audited noble/scure libraries rather than a hand-written decoder.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58check, bech32, bech32m } from '@scure/base';
import bs58 from 'bs58';

export const CoinJellyChain = { Solana: 'Solana', Bitcoin: 'Bitcoin', Ethereum: 'Ethereum' } as const;
export type CoinJellyChain = (typeof CoinJellyChain)[keyof typeof CoinJellyChain];

// The same sentences as the API's refusals, so the form and the server never word one problem two ways.
export const INVALID_SOLANA_ADDRESS = 'Enter a valid Solana address';
/** An address off the ed25519 curve is program-derived: no private key, so funds sent there could not be moved. */
export const OFF_CURVE_SOLANA_ADDRESS = 'This Solana address belongs to a program, not a wallet: funds sent there could not be moved';
export const INVALID_BITCOIN_ADDRESS = 'Enter a valid Bitcoin address';
export const INVALID_ETHEREUM_ADDRESS = 'Enter a valid Ethereum address (0x followed by 40 hex digits)';
export const ETHEREUM_CHECKSUM_MISMATCH = 'This Ethereum address has a wrong checksum (check its upper- and lower-case letters)';
export const UNSUPPORTED_CHAIN = 'This chain is not supported';

function solanaAddressError(address: string): string | null {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(address);
  } catch {
    return INVALID_SOLANA_ADDRESS;
  }
  if (bytes.length !== 32) return INVALID_SOLANA_ADDRESS;
  try {
    ed25519.Point.fromBytes(bytes);
    return null;
  } catch {
    return OFF_CURVE_SOLANA_ADDRESS;
  }
}

export type BitcoinNetworkChoice = 'mainnet' | 'testnet' | 'any';

/** Each network's bech32 prefix and base58 version bytes (P2PKH, P2SH); regtest shares testnet's base58 bytes. */
const BITCOIN_NETWORKS = {
  mainnet: { hrps: ['bc'], versions: [0x00, 0x05] },
  testnet: { hrps: ['tb', 'bcrt'], versions: [0x6f, 0xc4] },
} as const;

/** bech32 v0 (P2WPKH/P2WSH), bech32m v1+ (taproot), or base58check P2PKH/P2SH, of the chosen network(s). */
function bitcoinAddressError(address: string, network: BitcoinNetworkChoice): string | null {
  const nets = network === 'any' ? [BITCOIN_NETWORKS.mainnet, BITCOIN_NETWORKS.testnet] : [BITCOIN_NETWORKS[network]];
  const hrps: readonly string[] = nets.flatMap((n) => n.hrps);
  const versions: readonly number[] = nets.flatMap((n) => n.versions);
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator > 0 && hrps.includes(lower.slice(0, separator))) {
    // Mixed case is invalid in bech32.
    if (address !== lower && address !== address.toUpperCase()) return INVALID_BITCOIN_ADDRESS;
    return decodeSegwit(lower, hrps) ? null : INVALID_BITCOIN_ADDRESS;
  }
  try {
    const payload = base58check(sha256).decode(address);
    return payload.length === 21 && versions.includes(payload[0] ?? -1) ? null : INVALID_BITCOIN_ADDRESS;
  } catch {
    return INVALID_BITCOIN_ADDRESS;
  }
}

function decodeSegwit(address: string, hrps: readonly string[]): { version: number; program: Uint8Array } | null {
  for (const coder of [bech32, bech32m]) {
    try {
      const { prefix, words } = coder.decode(address as `${string}1${string}`);
      const version = words[0];
      if (!hrps.includes(prefix) || version === undefined || version > 16) continue;
      // Version 0 uses bech32, every later version bech32m.
      if ((version === 0) !== (coder === bech32)) continue;
      const program = coder.fromWords(words.slice(1));
      if (program.length < 2 || program.length > 40) continue;
      if (version === 0 && program.length !== 20 && program.length !== 32) continue;
      return { version, program };
    } catch {
      // try the other encoding
    }
  }
  return null;
}

/** The EIP-55 checksummed spelling of a 20-byte hex address. */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i += 1) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i];
  }
  return out;
}

/** All-lowercase or all-uppercase carries no checksum; mixed case must match EIP-55. */
function ethereumAddressError(address: string): string | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return INVALID_ETHEREUM_ADDRESS;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return null;
  return toChecksumAddress(address) === address ? null : ETHEREUM_CHECKSUM_MISMATCH;
}

export interface AddressRuleOptions {
  /** Which Bitcoin network's addresses count (mainnet unless told). */
  bitcoinNetwork?: BitcoinNetworkChoice;
}

/** Why `address` cannot receive on `chain`, or null when it can. Surrounding spaces are not part of an address. */
export function recipientAddressError(chain: string, address: string, options: AddressRuleOptions = {}): string | null {
  const value = address.trim();
  switch (chain) {
    case CoinJellyChain.Solana:
      return solanaAddressError(value);
    case CoinJellyChain.Bitcoin:
      return bitcoinAddressError(value, options.bitcoinNetwork ?? 'mainnet');
    case CoinJellyChain.Ethereum:
      return ethereumAddressError(value);
    default:
      return UNSUPPORTED_CHAIN;
  }
}
