/**
 * The realtime benches' client side: one WebSocket opened and authenticated with a limit, a refusal failing at once
 * with its reason; and a pool of concurrent workers over a list (the connects).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { within } from '@jelly/bench-kit';
import WebSocket from 'ws';

export type Listener = (message: { type: string; [key: string]: unknown }) => void;

/** One socket's connect and authentication; the whole connect step gets 30 s and a second per 50 sockets. */
const SOCKET_LIMIT_S = 15;

/**
 * Opens one socket and waits for `ready` (at once without a token); a refusal (HTTP status or close before ready)
 * fails at once with its reason, a loss after it goes to `onLost`. `headers` go with the upgrade request (a
 * client address in X-Forwarded-For); `onUpgrade` sees the 101 answer's headers (the load balancer names the replica
 * that took the socket there).
 */
export async function connect(
  url: string,
  token: string | null,
  listener: Listener,
  onLost: (why: string) => void,
  options: { headers?: Record<string, string>; onUpgrade?: (headers: IncomingHttpHeaders) => void } = {},
): Promise<WebSocket> {
  const socket = new WebSocket(url, { perMessageDeflate: false, headers: options.headers });
  const opened = new Promise<void>((resolve, reject) => {
    let ready = false;
    const fail = (why: string) => {
      if (ready) onLost(why);
      else reject(new Error(why));
    };
    const becomeReady = () => {
      ready = true;
      resolve();
    };
    socket.once('unexpected-response', (_request, response) => fail(`upgrade answered ${response.statusCode}`));
    socket.once('upgrade', (response) => options.onUpgrade?.(response.headers));
    socket.on('error', (error) => fail(error.message));
    socket.once('close', (code, reason) => fail(`closed by the server: ${code} ${reason.toString()}`));
    socket.once('open', () => (token ? socket.send(JSON.stringify({ type: 'auth', token })) : becomeReady()));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string };
      if (message.type === 'ready') becomeReady();
      else listener(message);
    });
  });
  try {
    await within(opened, SOCKET_LIMIT_S, 'socket');
  } catch (error) {
    socket.terminate();
    throw error;
  }
  return socket;
}

/** Runs `work` over `items` with at most `concurrency` at a time; the first failure rejects. */
export async function inBatches<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}
