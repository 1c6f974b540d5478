import { hexToBytes, bytesToHex } from '@noble/hashes/utils.js';
import { PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  bitcoinDepositAddress,
  depositAddress,
  ethereumDepositAddress,
  slip10Ed25519,
  solanaDepositKey,
  toChecksumAddress,
} from './deposit-keys.ts';

// SLIP-0010 ed25519, test vector 1 (seed 000102…0f): chain code, private key, public key (without the 00 prefix).
const VECTOR_1 = [
  ['m', '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb', '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7', 'a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed'],
  ["m/0'", '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69', '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3', '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c'],
  ["m/0'/1'", 'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14', 'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2', '1932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187'],
  ["m/0'/1'/2'", '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c', '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9', null],
] as const;

// The seed of the BIP-39 phrase 'abandon ×11 about' (no passphrase), whose first addresses every wallet agrees on.
const ABANDON_SEED = hexToBytes(
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
);

describe('SLIP-0010 ed25519 derivation', () => {
  it.each(VECTOR_1)('test vector 1 at %s', (path, chainCode, privateKey, publicKey) => {
    const node = slip10Ed25519(hexToBytes('000102030405060708090a0b0c0d0e0f'), path);
    expect(bytesToHex(node.chainCode)).toBe(chainCode);
    expect(bytesToHex(node.privateKey)).toBe(privateKey);
    if (publicKey) expect(bytesToHex(node.publicKey)).toBe(publicKey);
  });

  it('refuses a non-hardened step (ed25519 has no public derivation)', () => {
    expect(() => slip10Ed25519(ABANDON_SEED, "m/44'/501'/0")).toThrow();
  });
});

describe('deposit addresses', () => {
  it("gives the Solana key of m/44'/501'/index'/0' — what Phantom derives from the same phrase", () => {
    expect(solanaDepositKey(ABANDON_SEED, 0).publicKey.toBase58()).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
  });

  it('gives one different on-curve Solana address per index', () => {
    const addresses = [0, 1, 2, 1000].map((i) => depositAddress(ABANDON_SEED, i, 'Solana', 'mainnet'));
    expect(new Set(addresses).size).toBe(4);
    for (const a of addresses) expect(PublicKey.isOnCurve(new PublicKey(a).toBytes())).toBe(true);
  });

  it('gives the BIP-84 bech32 address and the BIP-44 EIP-55 Ethereum address', () => {
    expect(bitcoinDepositAddress(ABANDON_SEED, 0, 'mainnet')).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(ethereumDepositAddress(ABANDON_SEED, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(bitcoinDepositAddress(ABANDON_SEED, 0, 'testnet')).toMatch(/^tb1q/);
  });

  it('refuses an index that is not a child number', () => {
    expect(() => solanaDepositKey(ABANDON_SEED, -1)).toThrow(RangeError);
    expect(() => ethereumDepositAddress(ABANDON_SEED, 2 ** 31)).toThrow(RangeError);
  });
});

describe('EIP-55 spelling of a derived address', () => {
  it('checksums 20 hex bytes', () => {
    expect(toChecksumAddress('fb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
  });
});
