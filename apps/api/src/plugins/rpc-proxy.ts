import proxy from '@fastify/http-proxy';
import type { FastifyPluginAsync } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import type { Connection } from '@solana/web3.js';
import { RPC_PATH, servesEmbeddedRpc } from '../chain/public-rpc.ts';

/** A node's health check path; on our origin it must answer like a node, never with the web app's HTML. */
export const RPC_HEALTH_PATH = `${RPC_PATH}/health`;
/** How long one answer about a real cluster's node is reused: visitors polling this must not hammer the RPC. */
const HEALTH_CACHE_MS = 2_000;
const HEALTH_TIMEOUT_MS = 5_000;

/**
 * The configured node's health as a node's own GET /health puts it: `ok` (200) when it answers a cheap JSON-RPC
 * call in time, `unknown` (503) otherwise. web3.js 1.x has no getHealth; getSlot is the call every node serves.
 */
export function cachedNodeHealth(connection: Connection, now: () => number): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | null = null;
  return () => {
    if (last && now() - last.at < HEALTH_CACHE_MS) return last.answer;
    const answer = Promise.race([
      connection.getSlot('processed').then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS).unref()),
    ]).catch(() => false);
    last = { at: now(), answer };
    return answer;
  };
}

/**
 * Joins a browser's socket to the localnet's subscription socket, frame for frame, and closes each with the other.
 * Written here rather than with @fastify/http-proxy's `websocket` mode: that mode adds its own 'upgrade' listener
 * beside @fastify/websocket's (the realtime socket), and both would answer every /rpc upgrade.
 */
function bridge(client: WebSocket, upstreamUrl: string, markAlive: (socket: WebSocket) => void): void {
  const upstream = new WebSocket(upstreamUrl);
  const pending: [RawData, boolean][] = [];
  // The realtime heartbeat pings every socket of the server and drops those that never answer.
  markAlive(client);
  client.on('pong', () => markAlive(client));
  client.on('message', (data, isBinary) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
    else pending.push([data, isBinary]);
  });
  upstream.on('open', () => {
    for (const [data, isBinary] of pending.splice(0)) upstream.send(data, { binary: isBinary });
  });
  upstream.on('message', (data, isBinary) => {
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
  });
  upstream.on('error', () => client.close(1011, 'the Solana node is unreachable'));
  upstream.on('close', () => client.close());
  client.on('error', () => upstream.terminate());
  client.on('close', () => upstream.terminate());
}

/**
 * Forwards /rpc to the embedded localnet, JSON-RPC over HTTP POST and subscriptions over WebSocket, so a browser
 * needs no other origin: a phone on the same network, a reverse proxy and a `connect-src 'self'` policy all work.
 * A real cluster is reached directly; /rpc/health then reports whether its node answers.
 */
export const rpcProxy: FastifyPluginAsync = async (app) => {
  const chain = app.chain;
  const hidden = { schema: { hide: true } };
  if (!chain) {
    app.get(RPC_HEALTH_PATH, hidden, (_request, reply) => reply.status(503).type('text/plain').send('unknown'));
    return;
  }
  if (!servesEmbeddedRpc(app)) {
    const healthy = cachedNodeHealth(chain.connection, Date.now);
    app.get(RPC_HEALTH_PATH, hidden, async (_request, reply) =>
      (await healthy()) ? reply.type('text/plain').send('ok') : reply.status(503).type('text/plain').send('unknown'),
    );
    return;
  }
  // Its own context: the bodies go upstream byte for byte, not through the API's JSON parsers.
  app.removeAllContentTypeParsers();
  await app.register(proxy, { upstream: chain.rpcUrl, prefix: RPC_PATH, rewritePrefix: '/', httpMethods: ['POST'] });
  // The localnet's own GET /health answer, as a node behind a proxy gives it.
  await app.register(proxy, { upstream: chain.rpcUrl, prefix: RPC_HEALTH_PATH, rewritePrefix: '/health', httpMethods: ['GET', 'HEAD'] });
  const wsUrl = chain.wsUrl;
  if (wsUrl) {
    app.get(RPC_PATH, { websocket: true, schema: { hide: true } }, (socket) => bridge(socket, wsUrl, app.realtime.markAlive));
  }
};
