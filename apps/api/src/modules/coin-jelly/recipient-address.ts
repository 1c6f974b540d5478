/**
 * A recipient (or refund) address must be one its chain's wallets can spend from. Each refusal is a sentence.
 * Solana: a base58 32-byte key ON the ed25519 curve (an off-curve address is a program-derived one with no private
 * key: funds sent there would be stuck). Bitcoin: a valid address of the configured network (checksum included).
 * Ethereum: 0x + 40 hex digits; mixed case must be a correct EIP-55 checksum.
 */
import { Address, NETWORK, TEST_NETWORK } from '@scure/btc-signer';
import { PublicKey } from '@solana/web3.js';
import type { JellyChain } from '@jelly/contracts';
import { type BitcoinNetwork, toChecksumAddress } from './deposit-keys.ts';

export const ADDRESS_MESSAGES = {
  solanaInvalid: 'Enter a valid Solana address',
  solanaOffCurve: 'This Solana address belongs to a program, not a wallet: funds sent there could not be moved',
  bitcoinInvalid: 'Enter a valid Bitcoin address',
  ethereumInvalid: 'Enter a valid Ethereum address (0x followed by 40 hex digits)',
  ethereumChecksum: 'This Ethereum address has a wrong checksum (check its upper- and lower-case letters)',
} as const;

function solanaProblem(address: string): string | null {
  let key: PublicKey;
  try {
    if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return ADDRESS_MESSAGES.solanaInvalid;
    key = new PublicKey(address);
  } catch {
    return ADDRESS_MESSAGES.solanaInvalid;
  }
  if (key.toBase58() !== address) return ADDRESS_MESSAGES.solanaInvalid;
  return PublicKey.isOnCurve(key.toBytes()) ? null : ADDRESS_MESSAGES.solanaOffCurve;
}

function bitcoinProblem(address: string, network: BitcoinNetwork): string | null {
  try {
    Address(network === 'mainnet' ? NETWORK : TEST_NETWORK).decode(address);
    return null;
  } catch {
    return ADDRESS_MESSAGES.bitcoinInvalid;
  }
}

function ethereumProblem(address: string): string | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return ADDRESS_MESSAGES.ethereumInvalid;
  const body = address.slice(2);
  // All lower or all upper carries no checksum (EIP-55 allows it); mixed case must match.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return null;
  return toChecksumAddress(body) === address ? null : ADDRESS_MESSAGES.ethereumChecksum;
}

/** null when `address` can receive on `chain`, else why not. */
export function addressProblem(chain: JellyChain, address: string, bitcoinNetwork: BitcoinNetwork): string | null {
  if (chain === 'Solana') return solanaProblem(address);
  if (chain === 'Bitcoin') return bitcoinProblem(address, bitcoinNetwork);
  return ethereumProblem(address);
}
