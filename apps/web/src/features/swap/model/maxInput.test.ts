import { describe, expect, it } from 'vitest';
import { maxSwapInput, TOKEN_ACCOUNT_RENT_LAMPORTS } from './maxInput.ts';

describe('maxSwapInput', () => {
  it.each([
    ['a token, whatever the accounts', { balance: 25_000_000n, inputIsSol: false, outputAccountMissing: true }, 25_000_000n],
    ['SOL into an existing token account', { balance: 1_000_000_000n, inputIsSol: true, outputAccountMissing: false }, 1_000_000_000n],
    ['SOL keeps the new account rent back', { balance: 1_000_000_000n, inputIsSol: true, outputAccountMissing: true }, 1_000_000_000n - TOKEN_ACCOUNT_RENT_LAMPORTS],
    ['SOL below the rent gives nothing', { balance: TOKEN_ACCOUNT_RENT_LAMPORTS - 1n, inputIsSol: true, outputAccountMissing: true }, 0n],
    ['SOL exactly the rent gives nothing', { balance: TOKEN_ACCOUNT_RENT_LAMPORTS, inputIsSol: true, outputAccountMissing: true }, 0n],
  ])('%s', (_name, args, expected) => {
    expect(maxSwapInput(args)).toBe(expected);
  });
});
