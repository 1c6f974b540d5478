import { describe, expect, it } from 'vitest';
import { ONCHAIN_ERRORS, customErrorCodeFrom, describeOnchainFailure, onchainErrorMessage } from './onchain-errors.ts';
import { TX_CONFIRM_TIMEOUT, errorWithMessage, insufficientBalanceMessage, claimOfferTitle, openWalletPrompt } from './messages.ts';

describe('on-chain error catalogue', () => {
  it.each([
    [6000, 'Insufficient token balance'],
    [6001, 'Invalid order type'],
    [6002, 'Order not found'],
    [6003, 'Unauthorized action'],
    [6004, 'Race condition detected - operation already performed'],
    [6005, 'Order already completed'],
    [6006, 'Order already cancelled'],
    [6007, 'Cannot cancel order at this stage'],
    [6008, 'Both parties must sign before settlement'],
    [6009, 'Invalid amount - exceeds available'],
    [6010, 'Fiat Guy cannot lock crypto - role violation'],
    [6011, 'Crypto Guy must lock first'],
    [6012, 'Invalid token account - mint mismatch'],
    [6013, 'Token account required for this operation'],
  ])('%i: %s', (code, message) => {
    expect(onchainErrorMessage(code)).toBe(message);
    expect(describeOnchainFailure(`Program failed: custom program error: 0x${code.toString(16)}`)).toBe(message);
  });

  it('has exactly 14 codes', () => {
    expect(Object.keys(ONCHAIN_ERRORS)).toHaveLength(14);
  });

  it.each([
    ['custom program error: 0x1770', 6000],
    ['Transaction simulation failed: Error processing Instruction 0: custom program error: 0x177d', 6013],
    ['AnchorError occurred. Error Code: Unauthorized. Error Number: 6003.', 6003],
    ['{"InstructionError":[0,{"Custom":6007}]}', 6007],
    ['custom program error: 0x1', 1],
    ['blockhash not found', undefined],
  ])('reads the code in %j', (text, code) => {
    expect(customErrorCodeFrom(text)).toBe(code);
  });

  it('leaves foreign codes undescribed', () => {
    expect(onchainErrorMessage(5999)).toBeUndefined();
    expect(onchainErrorMessage(6014)).toBeUndefined();
    expect(describeOnchainFailure('custom program error: 0x1')).toBeUndefined();
  });
});

describe('message templates', () => {
  it('fills the spec templates', () => {
    expect(TX_CONFIRM_TIMEOUT).toBe('Transaction failed to confirm in 60s');
    expect(errorWithMessage('boom')).toBe('Error: boom');
    expect(insufficientBalanceMessage('SOL', '1.5')).toBe('Insufficient SOL balance to sell 1.5 SOL');
    expect(claimOfferTitle(17)).toBe('Claim Offer #17');
    expect(openWalletPrompt('Phantom')).toBe('Open Phantom?');
  });
});
