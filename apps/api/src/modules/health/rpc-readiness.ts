import type { Connection } from '@solana/web3.js';

/** A probe slower than this counts as a failure: a balancer's check must not wait on the RPC's own retries. */
const PROBE_TIMEOUT_MS = 1500;

/**
 * Whether this replica can reach its Solana node, as readiness sees it: each check probes the node (getSlot), and
 * the replica is unready only after `unreadyAfter` failed probes in a row (one slow answer does not take it out of
 * the pool); the first success makes it ready again.
 */
export function rpcReadiness(connection: Connection, unreadyAfter: number): () => Promise<'ok' | 'error'> {
  let failuresInARow = 0;
  return async () => {
    const answered = await Promise.race([
      connection.getSlot('processed').then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref()),
    ]).catch(() => false);
    failuresInARow = answered ? 0 : failuresInARow + 1;
    return failuresInARow >= unreadyAfter ? 'error' : 'ok';
  };
}
