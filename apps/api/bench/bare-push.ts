/**
 * The realtime bench's same-run baseline: the least a push can cost on this machine at this moment. A bare Fastify
 * app with the same WebSocket plugin as the API, in a process of its own (so the API's work does not delay it):
 * `GET /bare-ws?id=k` registers socket k, `POST /bare-push { to, content }` sends `{ type: 'bare', content }` to it
 * at once and answers 201. No authentication, database, trigger or NOTIFY: the chat figure over this one is what the
 * product's path adds to an HTTP request and a socket frame. `GET /bare` answers `{ ok: true }`: the replicas
 * bench's baseline for a page behind the load balancer. Run by realtime.ts and replicas/main.ts; announces { port }.
 */
import websocket from '@fastify/websocket';
import { serveBench } from '@jelly/bench-kit/child-side';
import Fastify from 'fastify';
import type { WebSocket } from 'ws';

async function main(): Promise<void> {
  const app = Fastify({ logger: false });
  await app.register(websocket);
  const sockets = new Map<string, WebSocket>();
  app.get('/bare-ws', { websocket: true }, (socket, request) => {
    const id = (request.query as { id?: string }).id ?? '';
    sockets.set(id, socket);
    socket.on('close', () => sockets.delete(id));
  });
  app.get('/bare', async () => ({ ok: true }));
  app.post('/bare-push', async (request, reply) => {
    const { to, content } = request.body as { to: string; content: string };
    const socket = sockets.get(to);
    if (!socket) return reply.code(404).send({ error: `no socket ${to}` });
    socket.send(JSON.stringify({ type: 'bare', content }));
    return reply.code(201).send({ ok: true });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  serveBench({ port: typeof address === 'object' && address ? address.port : 0 }, { stop: () => app.close() });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
