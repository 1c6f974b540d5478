import { describe, expect, it } from 'vitest';
import {
  ETHEREUM_CHECKSUM_MISMATCH,
  INVALID_BITCOIN_ADDRESS,
  INVALID_ETHEREUM_ADDRESS,
  INVALID_SOLANA_ADDRESS,
  OFF_CURVE_SOLANA_ADDRESS,
  recipientAddressError,
  toChecksumAddress,
  UNSUPPORTED_CHAIN,
} from './coin-jelly-address.ts';

describe('recipientAddressError', () => {
  it.each([
    ['Solana', '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'],
    ['Solana', '  9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin '],
    ['Bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['Bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['Bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['Bitcoin', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ['Ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['Ethereum', '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359'],
  ])('accepts %s %s', (chain, address) => {
    expect(recipientAddressError(chain, address)).toBeNull();
  });

  it.each([
    ['Solana', 'not-base58-0OIl', INVALID_SOLANA_ADDRESS],
    ['Solana', '11111111', INVALID_SOLANA_ADDRESS],
    // a program-derived address (off the ed25519 curve)
    ['Solana', 'Co24yjRpSdUBaycV24uZe9j7PnAqVmdiTrHqesV5U4XT', OFF_CURVE_SOLANA_ADDRESS],
    ['Bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', INVALID_BITCOIN_ADDRESS],
    ['Bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', INVALID_BITCOIN_ADDRESS],
    ['Bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5MDQ', INVALID_BITCOIN_ADDRESS],
    ['Bitcoin', '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', INVALID_BITCOIN_ADDRESS],
    ['Ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', ETHEREUM_CHECKSUM_MISMATCH],
    ['Ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', INVALID_ETHEREUM_ADDRESS],
    ['Dogecoin', 'D5Q', UNSUPPORTED_CHAIN],
  ])('refuses %s %s', (chain, address, message) => {
    expect(recipientAddressError(chain, address)).toBe(message);
  });

  it('takes testnet Bitcoin addresses only when told', () => {
    for (const address of ['tb1qqurswpc8qurswpc8qurswpc8qurswpc800zzll', 'mgLjCZefJ6DZGQ4LX25Wz6hrpBsFHXVnWS']) {
      expect(recipientAddressError('Bitcoin', address)).toBe(INVALID_BITCOIN_ADDRESS);
      expect(recipientAddressError('Bitcoin', address, { bitcoinNetwork: 'testnet' })).toBeNull();
      expect(recipientAddressError('Bitcoin', address, { bitcoinNetwork: 'any' })).toBeNull();
    }
    expect(recipientAddressError('Bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', { bitcoinNetwork: 'testnet' })).toBe(INVALID_BITCOIN_ADDRESS);
  });

  // Addresses the server derives for deposits (BIP-39 'abandon ×11 about'), and one-character neighbours of them.
  it.each([
    ['Solana', 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk', 'mainnet', null],
    // the System Program's PDA for seed 'vault'
    ['Solana', '58CDQ9Qgw1ZPedjaTtwrR2MSG4EmmguHSPE2bFtyfinD', 'mainnet', OFF_CURVE_SOLANA_ADDRESS],
    ['Solana', 'not-an-address', 'mainnet', INVALID_SOLANA_ADDRESS],
    ['Bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'mainnet', null],
    ['Bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv', 'mainnet', INVALID_BITCOIN_ADDRESS],
    ['Bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'testnet', INVALID_BITCOIN_ADDRESS],
    ['Ethereum', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 'mainnet', null],
    ['Ethereum', '0x9858effd232b4033e47d90003d41ec34ecaeda94', 'mainnet', null],
    ['Ethereum', '0x9858EfFD232B4033E47d90003D41EC34EcaEdA94', 'mainnet', ETHEREUM_CHECKSUM_MISMATCH],
    ['Ethereum', '0x123', 'mainnet', INVALID_ETHEREUM_ADDRESS],
  ] as const)('%s %s on %s → %s', (chain, address, bitcoinNetwork, message) => {
    expect(recipientAddressError(chain, address, { bitcoinNetwork })).toBe(message);
  });

  it('spells the EIP-55 checksum', () => {
    expect(toChecksumAddress('0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb')).toBe('0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB');
  });
});
