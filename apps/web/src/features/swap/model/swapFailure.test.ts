import { SWAP_MESSAGES } from '@jelly/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/apiError.ts';
import { classifySwapError, SWAP_FAILED } from './swapFailure.ts';

describe('classifySwapError', () => {
  it('names a node that did not answer as such, never as a failed transaction', () => {
    const failure = classifySwapError(new ApiError('The Solana node did not answer. Please try again.', 503, 'CHAIN_UNAVAILABLE'));
    expect(failure).toEqual({ kind: 'nodeUnavailable', title: 'The Solana node did not answer. Please try again.', detail: null });
  });

  it('keeps a refusal’s sentence and calls anything else a failed transaction', () => {
    expect(classifySwapError(new ApiError('x', 409, 'CONFLICT', { reason: 'price_moved' }))).toMatchObject({ kind: 'priceMoved', detail: SWAP_MESSAGES.price_moved });
    expect(classifySwapError(new ApiError('Internal error', 500, 'INTERNAL'))).toMatchObject({ kind: 'transactionFailed', title: SWAP_FAILED });
  });
});
