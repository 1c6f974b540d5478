import { describe, expect, it } from 'vitest';
import { describeEscrowError, escrowErrorMessage, extractCustomErrorCode, isEscrowErrorCode } from './errors.ts';

describe('extractCustomErrorCode', () => {
  it('reads the code from the shapes web3.js and RPC nodes produce', () => {
    expect(extractCustomErrorCode('failed to send transaction: Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1773')).toBe(6003);
    expect(extractCustomErrorCode({ InstructionError: [1, { Custom: 6009 }] })).toBe(6009);
    expect(extractCustomErrorCode({ err: { InstructionError: [0, { Custom: 6010 }] }, logs: [] })).toBe(6010);
    expect(extractCustomErrorCode({ message: 'Simulation failed', transactionLogs: ['Program x failed: custom program error: 0x177a'] })).toBe(6010);
    expect(extractCustomErrorCode({ transactionError: { message: 'x' }, logs: ['custom program error: 0x1770'] })).toBe(6000);
    expect(extractCustomErrorCode(new Error('{"err":{"InstructionError":[0,{"Custom":6012}]}}'))).toBe(6012);
    expect(extractCustomErrorCode({ cause: { value: { err: { InstructionError: [0, { Custom: 6004 }] } } } })).toBe(6004);
  });

  it('returns undefined when there is no custom code', () => {
    expect(extractCustomErrorCode('Blockhash not found')).toBeUndefined();
    expect(extractCustomErrorCode({ InstructionError: [0, 'MissingRequiredSignature'] })).toBeUndefined();
    expect(extractCustomErrorCode(null)).toBeUndefined();
    expect(extractCustomErrorCode(42)).toBeUndefined();
  });
});

describe('messages', () => {
  it('maps the catalogue to the spec text and Anchor framework codes to Anchor text', () => {
    expect(escrowErrorMessage(6000)).toBe('Insufficient token balance');
    expect(escrowErrorMessage(6004)).toBe('Race condition detected - operation already performed');
    expect(escrowErrorMessage(6013)).toBe('Token account required for this operation');
    expect(escrowErrorMessage(3008)).toBe('Program ID was not as expected');
    expect(escrowErrorMessage(7000)).toBeUndefined();
    expect(isEscrowErrorCode(6017)).toBe(true);
    expect(isEscrowErrorCode(3008)).toBe(false);
    expect(describeEscrowError({ InstructionError: [0, { Custom: 6007 }] })).toBe('Cannot cancel order at this stage');
    expect(describeEscrowError('no code here')).toBeUndefined();
  });
});
