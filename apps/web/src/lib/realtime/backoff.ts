/** Reconnect delays: exponential from 500 ms, capped at 30 s, with jitter so clients of a restarted server spread out. */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before reconnect attempt `attempt` (0 = the first retry): half the exponential step plus a random
 * share of the other half ("equal jitter"), so it never drops to 0 and never exceeds the cap.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + random() * (step / 2));
}
