/**
 * What the replica tests wait with. The cluster's processes themselves (localnet, API replicas, HAProxy) are started
 * by the process kit (`@jelly/bench-kit/process`): each one's output in its own log file, killed when the test
 * process ends in any way, ready by a probe with a deadline.
 */

/** Polls `check` until it answers a value (not undefined) or the deadline passes; throws `what` at the deadline. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, withinMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + withinMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${what}: not within ${withinMs} ms${cause}`);
    }
    await new Promise((next) => setTimeout(next, everyMs));
  }
}
