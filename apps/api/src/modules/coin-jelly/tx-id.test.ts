import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { canonicalTxId, TXID_FORMAT, txIdProblem } from './tx-id.ts';

const SOLANA_SIGNATURE = bs58.encode(new Uint8Array(64).fill(7));
const BTC = 'A1075DB55D416D3CA199F55B6084E2115B9345E16C5CF302FC80E9D5FBF5D48D';
const ETH = `0x${'Ab'.repeat(32)}`;

describe('txIdProblem', () => {
  it.each([
    ['Solana', SOLANA_SIGNATURE],
    ['Bitcoin', BTC],
    ['Ethereum', ETH],
  ] as const)('accepts a %s transaction id', (chain, txId) => {
    expect(txIdProblem(chain, txId)).toBeNull();
  });

  it.each([
    ['Solana', bs58.encode(new Uint8Array(32).fill(7)), 'base58 but 32 bytes (an address, not a signature)'],
    ['Solana', `${SOLANA_SIGNATURE.slice(0, -1)}0`, 'a character base58 does not have'],
    ['Solana', BTC, 'hexadecimal'],
    ['Bitcoin', BTC.slice(1), '63 characters'],
    ['Bitcoin', `0x${BTC.slice(2)}`, 'an Ethereum-style prefix'],
    ['Ethereum', ETH.slice(2), 'no 0x'],
    ['Ethereum', `${ETH}00`, 'too long'],
  ] as const)('refuses on %s: %s (%s)', (chain, txId, _why) => {
    expect(txIdProblem(chain, txId)).toBe(TXID_FORMAT[chain]);
  });
});

describe('canonicalTxId', () => {
  it('lower-cases hexadecimal ids (one transaction in two cases is one) and keeps base58 as it is', () => {
    expect(canonicalTxId('Bitcoin', BTC)).toBe(BTC.toLowerCase());
    expect(canonicalTxId('Ethereum', ETH)).toBe(ETH.toLowerCase());
    expect(canonicalTxId('Solana', SOLANA_SIGNATURE)).toBe(SOLANA_SIGNATURE);
  });
});
