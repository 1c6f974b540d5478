import { describe, expect, it } from 'vitest';
import { describeTransactionError } from './transaction-error.ts';

describe('describeTransactionError', () => {
  it('prints errors as agave does', () => {
    expect(describeTransactionError('BlockhashNotFound')).toBe('Blockhash not found');
    expect(describeTransactionError({ InstructionError: [2, { Custom: 6004 }] })).toBe('Error processing Instruction 2: custom program error: 0x1774');
    expect(describeTransactionError({ InstructionError: [0, 'MissingRequiredSignature'] })).toBe(
      'Error processing Instruction 0: missing required signature for instruction',
    );
    expect(describeTransactionError({ InsufficientFundsForRent: { account_index: 1 } })).toBe(
      'Transaction results in an account (1) with insufficient funds for rent',
    );
  });
});
