// The retry policy's arithmetic: full-jitter back-off within its bounds, and Retry-After in both of its forms.
import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RPC_RETRY, isRpcUnavailable, retryAfterMs, RpcUnavailableError } from './rpc-connection.ts';

describe('backoffMs', () => {
  it.each([
    [0, 1, 249],
    [1, 1, 499],
    [3, 1, 1_999],
    [10, 1, 3_999],
    [10, 0, 0],
  ])('attempt %i with random %f waits %i ms (doubling from 250 ms, capped at 4 s)', (attempt, random, expected) => {
    expect(backoffMs(DEFAULT_RPC_RETRY, attempt, () => random * 0.9999)).toBe(expected);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates; absent or unreadable is null', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2_000);
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('isRpcUnavailable', () => {
  it("knows the node's outage as thrown and inside web3.js's text-only wrappers, and nothing else", () => {
    const outage = new RpcUnavailableError('RPC node unavailable after retries: the node answered 503');
    expect(isRpcUnavailable(outage)).toBe(true);
    expect(isRpcUnavailable(new Error(`failed to get info about account x: ${String(outage)}`))).toBe(true);
    expect(isRpcUnavailable(new Error('failed to get info about account x: Error: invalid param'))).toBe(false);
    expect(isRpcUnavailable('RpcUnavailableError: ')).toBe(false);
  });
});
