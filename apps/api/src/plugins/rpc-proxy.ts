import proxy from '@fastify/http-proxy';
import type { FastifyPluginAsync } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import { RPC_PATH, servesEmbeddedRpc } from '../chain/public-rpc.ts';

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
 * A real cluster is reached directly.
 */
export const rpcProxy: FastifyPluginAsync = async (app) => {
  const chain = app.chain;
  if (!chain || !servesEmbeddedRpc(app)) return;
  // Its own context: the bodies go upstream byte for byte, not through the API's JSON parsers.
  app.removeAllContentTypeParsers();
  await app.register(proxy, { upstream: chain.rpcUrl, prefix: RPC_PATH, rewritePrefix: '/', httpMethods: ['POST'] });
  const wsUrl = chain.wsUrl;
  if (wsUrl) {
    app.get(RPC_PATH, { websocket: true, schema: { hide: true } }, (socket) => bridge(socket, wsUrl, app.realtime.markAlive));
  }
};
