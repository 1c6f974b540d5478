import { Connection, type FetchFn } from '@solana/web3.js';

/**
 * How the API's JSON-RPC requests survive a flaky node: each attempt has a time-out; a 429, a 502/503/504, a
 * dropped connection or a time-out is retried with exponential back-off and full jitter, waiting at least what a
 * 429's Retry-After asks (and giving up at once when it asks for more than `maxWaitMs`). Every method is retried,
 * sendTransaction too: the same signed bytes have the same signature, so a second send cannot pay twice (the node
 * answers the signature or "already processed").
 */
export interface RpcRetryPolicy {
  attempts: number;
  attemptTimeoutMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest single wait, Retry-After included: a node asking for longer is treated as down. */
  maxWaitMs: number;
}

export const DEFAULT_RPC_RETRY: RpcRetryPolicy = {
  attempts: 5,
  attemptTimeoutMs: 15_000,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxWaitMs: 30_000,
};

const RETRIED_STATUSES = new Set([429, 502, 503, 504]);

/** The node could not be reached or kept refusing after every retry. */
export class RpcUnavailableError extends Error {
  override readonly name = 'RpcUnavailableError';
}

/**
 * Whether an error came from an unreachable node: ours as thrown, or inside web3.js's wrappers, some of which keep
 * only its text ("failed to get info about account …: RpcUnavailableError: …").
 */
export function isRpcUnavailable(error: unknown): boolean {
  if (error instanceof RpcUnavailableError) return true;
  return error instanceof Error && error.message.includes('RpcUnavailableError: ');
}

/** Full jitter: a random wait in [0, min(cap, base·2^attempt)], so many clients after one outage do not return in step. */
export function backoffMs(policy: RpcRetryPolicy, attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
}

/** Retry-After as seconds or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Hears each JSON-RPC call of a connection: once per call, once per retry, once when it gives up (the metrics). */
export interface RpcObserver {
  call(method: string): void;
  retry(method: string): void;
  error(method: string): void;
}

const observers = new WeakMap<Connection, Set<RpcObserver>>();

/** Starts telling `observer` about the calls of a connection made by rpcConnection; returns the way to stop. */
export function observeRpc(connection: Connection, observer: RpcObserver): () => void {
  const set = observers.get(connection);
  if (!set) return () => {};
  set.add(observer);
  return () => set.delete(observer);
}

/**
 * The JSON-RPC method of a request body, as a bounded label: web3.js writes `"method":"getSlot"` into each body
 * (our own calls only; the browser's /rpc goes through the proxy, not here); a batch is `batch`.
 */
export function rpcMethodOf(body: unknown): string {
  if (typeof body !== 'string') return 'unknown';
  if (body.trimStart().startsWith('[')) return 'batch';
  return /"method"\s*:\s*"([A-Za-z]{1,48})"/.exec(body)?.[1] ?? 'unknown';
}

/**
 * The fetch the Connection sends its JSON-RPC through. It calls the runtime's fetch itself: the RPC node is an
 * endpoint the operator configured (often private or on this machine), which lib/outbound-http.ts rightly refuses,
 * so the RPC client is the one exception to it (eslint.config.js names this file).
 */
export function retryingFetch(policy: RpcRetryPolicy = DEFAULT_RPC_RETRY, listeners: ReadonlySet<RpcObserver> = new Set()): FetchFn {
  const send = globalThis.fetch;
  return async (input, init) => {
    const method = listeners.size > 0 ? rpcMethodOf(init?.body) : '';
    for (const listener of listeners) listener.call(method);
    let failure = 'no attempt';
    for (let attempt = 0; attempt < policy.attempts; attempt++) {
      let wait = backoffMs(policy, attempt);
      if (attempt > 0) for (const listener of listeners) listener.retry(method);
      try {
        const response = await send(input, { ...init, signal: AbortSignal.timeout(policy.attemptTimeoutMs) });
        if (!RETRIED_STATUSES.has(response.status)) return response;
        await response.body?.cancel();
        failure = `the node answered ${response.status}`;
        const asked = retryAfterMs(response.headers.get('retry-after'));
        if (asked !== null && asked > policy.maxWaitMs) break;
        if (asked !== null) wait = Math.max(wait, asked);
      } catch (error) {
        failure = error instanceof Error ? `${error.name} ${error.message}` : 'the request failed';
      }
      if (attempt < policy.attempts - 1) await sleep(wait);
    }
    for (const listener of listeners) listener.error(method);
    throw new RpcUnavailableError(`RPC node unavailable after retries: ${failure}`);
  };
}

/**
 * The API's connection to the RPC node: 'confirmed' commitment, our retrying fetch, and web3.js's own 429 loop
 * switched off (it ignores Retry-After, has no jitter and logs to the console; ours would run inside it otherwise,
 * multiplying the attempts).
 */
export function rpcConnection(rpcUrl: string, wsUrl: string | null, policy: RpcRetryPolicy = DEFAULT_RPC_RETRY): Connection {
  const listeners = new Set<RpcObserver>();
  const connection = new Connection(rpcUrl, {
    commitment: 'confirmed',
    fetch: retryingFetch(policy, listeners),
    disableRetryOnRateLimit: true,
    ...(wsUrl ? { wsEndpoint: wsUrl } : {}),
  });
  observers.set(connection, listeners);
  return connection;
}
