import { describe, expect, it } from 'vitest';
import {
  ESCROW_ERRORS,
  EscrowError,
  describeEscrowError,
  escrowErrorCodeOf,
  escrowErrorMessage,
  escrowMessage,
  extractCustomErrorCode,
  isEscrowErrorCode,
} from './errors.ts';

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
  it('maps the catalogue to its user-facing text and Anchor framework codes to Anchor text', () => {
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

describe('the catalogue', () => {
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
    expect(escrowErrorMessage(code)).toBe(message);
    expect(describeEscrowError(`Program failed: custom program error: 0x${code.toString(16)}`)).toBe(message);
    expect(escrowErrorCodeOf(message)).toBe(code);
  });

  it('names every code: EscrowError.<name> is the code, both ways', () => {
    expect(EscrowError.Unauthorized).toBe(6003);
    expect(EscrowError.FiatGuyCannotLock).toBe(6010);
    expect(EscrowError.NotClosable).toBe(6017);
    for (const [code, { name, message }] of Object.entries(ESCROW_ERRORS)) {
      expect(EscrowError[name]).toBe(Number(code));
      expect(escrowMessage(EscrowError[name])).toBe(message);
    }
    expect(Object.keys(EscrowError)).toHaveLength(22);
  });

  it.each([
    ['custom program error: 0x1770', 6000],
    ['Transaction simulation failed: Error processing Instruction 0: custom program error: 0x177d', 6013],
    ['AnchorError occurred. Error Code: Unauthorized. Error Number: 6003.', 6003],
    ['{"InstructionError":[0,{"Custom":6007}]}', 6007],
    ['custom program error: 0x1', 1],
    ['blockhash not found', undefined],
  ])('reads the code in %j', (text, code) => {
    expect(extractCustomErrorCode(text)).toBe(code);
  });

  it('leaves foreign codes and messages undescribed', () => {
    expect(escrowErrorMessage(5999)).toBeUndefined();
    expect(escrowErrorMessage(6022)).toBeUndefined();
    expect(describeEscrowError('custom program error: 0x1')).toBeUndefined();
    expect(escrowErrorCodeOf('Something else')).toBeUndefined();
  });
});
