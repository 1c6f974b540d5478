import { describe, expect, it } from 'vitest';
import { TX_CONFIRM_TIMEOUT, errorWithMessage, insufficientBalanceMessage, claimOfferTitle, openWalletPrompt } from './messages.ts';

describe('message templates', () => {
  it('fills the message templates', () => {
    expect(TX_CONFIRM_TIMEOUT).toBe('Transaction failed to confirm in 60s');
    expect(errorWithMessage('boom')).toBe('Error: boom');
    expect(insufficientBalanceMessage('SOL', '1.5')).toBe('Insufficient SOL balance to sell 1.5 SOL');
    expect(claimOfferTitle(17)).toBe('Claim Offer #17');
    expect(openWalletPrompt('Phantom')).toBe('Open Phantom?');
  });
});
