/**
 * Deposit addresses: one per order, derived from the server's seed along a path ending in the order's index, so the
 * database stores only the index and a deposit key can be re-derived to sweep or refund.
 * - Solana: SLIP-0010 ed25519, every step hardened (m/44'/501'/{index}'/0') — ed25519 has no public derivation.
 * - Bitcoin: BIP-84 native SegWit P2WPKH (m/84'/{coin}'/0'/0/{index}), bech32.
 * - Ethereum: BIP-44 (m/44'/60'/0'/0/{index}), EIP-55 checksummed.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey as Bip32Key } from '@scure/bip32';
import { NETWORK, TEST_NETWORK, p2wpkh } from '@scure/btc-signer';
import { Keypair } from '@solana/web3.js';
import { platformKey, type PlatformKey } from '../../chain/gate/index.ts';
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { JellyChain } from '@jelly/contracts';

/** Indexes stay below 2^31 so each is a valid (hardened) child number. */
export const MAX_DEPOSIT_INDEX = 0x7fff_ffff;

function checkIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index > MAX_DEPOSIT_INDEX) throw new RangeError(`Bad deposit index ${index}`);
}

/** The SLIP-0010 ed25519 node at `path` (every step hardened): its 32-byte private key and chain code. */
export function slip10Ed25519(seed: Uint8Array, path: string): { privateKey: Uint8Array; chainCode: Uint8Array; publicKey: Uint8Array } {
  const node = Slip10Key.fromMasterSeed(seed).derive(path);
  return { privateKey: node.privateKey, chainCode: node.chainCode, publicKey: node.publicKeyRaw };
}

/** The Solana deposit keypair of an order index: private to this file, the rest of the server gets its platform key. */
function solanaDepositKeypair(seed: Uint8Array, index: number): Keypair {
  checkIndex(index);
  return Keypair.fromSeed(slip10Ed25519(seed, `m/44'/501'/${index}'/0'`).privateKey);
}

/** The same key as a platform key: the server signs a deposit's sweep or refund only through the platform gate. */
export function solanaDepositKey(seed: Uint8Array, index: number): PlatformKey {
  return platformKey(solanaDepositKeypair(seed, index), 'deposit');
}

export type BitcoinNetwork = 'mainnet' | 'testnet';

/** The bech32 P2WPKH deposit address of an order index. */
export function bitcoinDepositAddress(seed: Uint8Array, index: number, network: BitcoinNetwork): string {
  checkIndex(index);
  const coin = network === 'mainnet' ? 0 : 1;
  const node = Bip32Key.fromMasterSeed(seed).derive(`m/84'/${coin}'/0'/0/${index}`);
  if (!node.publicKey) throw new Error('BIP-32 node without a public key');
  const address = p2wpkh(node.publicKey, network === 'mainnet' ? NETWORK : TEST_NETWORK).address;
  if (!address) throw new Error('P2WPKH without an address');
  return address;
}

/** EIP-55: hex digits upper-cased where the keccak of the lower-case address has a nibble ≥ 8. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase().replace(/^0x/, '');
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i];
  return out;
}

/** The EIP-55 deposit address of an order index. */
export function ethereumDepositAddress(seed: Uint8Array, index: number): string {
  checkIndex(index);
  const node = Bip32Key.fromMasterSeed(seed).derive(`m/44'/60'/0'/0/${index}`);
  if (!node.privateKey) throw new Error('BIP-32 node without a private key');
  const uncompressed = secp256k1.getPublicKey(node.privateKey, false).slice(1);
  return toChecksumAddress(bytesToHex(keccak_256(uncompressed).slice(-20)));
}

/** The deposit address shown to the user for an order on `chain`. */
export function depositAddress(seed: Uint8Array, index: number, chain: JellyChain, bitcoinNetwork: BitcoinNetwork): string {
  if (chain === 'Solana') return solanaDepositKeypair(seed, index).publicKey.toBase58();
  if (chain === 'Bitcoin') return bitcoinDepositAddress(seed, index, bitcoinNetwork);
  return ethereumDepositAddress(seed, index);
}
