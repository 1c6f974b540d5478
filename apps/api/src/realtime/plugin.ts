import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import { REALTIME_MAX_CLIENT_FRAME_BYTES, REALTIME_PATH, realtimeCloseCodes } from '@jelly/contracts';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { bannedCloseReason } from '../modules/auth/index.ts';
import { DEFAULT_SECURITY_CONFIG } from '../security-config.ts';
import { ClientConnection } from './connection.ts';
import { SignalDispatcher } from './dispatcher.ts';
import { RealtimeHub } from './hub.ts';
import { PRESENCE_HEARTBEAT_MS, refreshViewers, removeProcessViewers } from './presence.ts';
import { createSignalListener } from './signal-listener.ts';
import { refreshSockets, removeProcessSockets, SOCKET_HEARTBEAT_MS } from './socket-registry.ts';
import './types.ts';

/** Sockets that do not answer a protocol ping within one heartbeat are dropped. */
const SOCKET_PING_MS = 30_000;

/**
 * The cross-process fan-out (registered on the root app): every process LISTENs on the database's realtime channel
 * and pushes what a committed transaction signalled to its own sockets of the wallets concerned. Decorates
 * `app.realtime` (hub, dispatcher, processId) for the rest of the API; `realtimeRoutes` serves the socket.
 */
export const realtime = fp(
  async (app) => {
    const hub = new RealtimeHub();
    const processId = randomUUID();
    const dispatcher = new SignalDispatcher(app.db, hub, app.log, app.config.stablecoinMints);
    const listener = createSignalListener(app.db, app.log, {
      onSignal: (signal) => dispatcher.accept(signal),
      onReconnected: () => {
        const frame = JSON.stringify({ type: 'resync' });
        for (const client of hub.all()) client.send(frame);
      },
    });
    await listener.start();
    // A ban closes the wallet's sockets on every process (applyBan signals it).
    dispatcher.onSignal((signal) => {
      if (signal.t !== 'ban') return;
      app.bans.forget(signal.w);
      for (const client of hub.socketsOf(signal.w)) client.close(realtimeCloseCodes.banned, bannedCloseReason(signal.r));
    });

    // Going away (1001) tells clients to reconnect, possibly to another replica.
    app.addHook('preClose', async () => {
      for (const socket of app.websocketServer?.clients ?? []) {
        socket.close(realtimeCloseCodes.goingAway, 'Server shutting down');
      }
    });
    await app.register(websocket, { options: { maxPayload: REALTIME_MAX_CLIENT_FRAME_BYTES } });

    // The heartbeat and the leases below are not jobs of the app's list (jobs.ts): they keep this process's open
    // sockets alive and counted, so they must go on through a drain, while those sockets are still served.
    const alive = new WeakSet<WebSocket>();
    app.decorate('realtime', { hub, dispatcher, processId, markAlive: (socket: WebSocket) => alive.add(socket) });
    const heartbeat = setInterval(() => {
      for (const socket of app.websocketServer.clients) {
        if (!alive.has(socket)) {
          socket.terminate();
          continue;
        }
        alive.delete(socket);
        socket.ping();
      }
      const now = app.config.now();
      refreshViewers(app.db, processId, now).catch((error: unknown) =>
        app.log.warn({ err: error }, 'realtime presence refresh failed'),
      );
    }, Math.min(SOCKET_PING_MS, PRESENCE_HEARTBEAT_MS));
    heartbeat.unref();
    // The socket caps' leases renew more often than presence: a dead replica's slots must free within 30 s.
    const leases = setInterval(() => {
      refreshSockets(app.db, processId, app.config.now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'realtime socket lease refresh failed'),
      );
    }, SOCKET_HEARTBEAT_MS);
    leases.unref();

    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      clearInterval(leases);
      await listener.close();
      await dispatcher.idle();
      await removeProcessViewers(app.db, processId).catch((error: unknown) =>
        app.log.warn({ err: error }, 'realtime presence cleanup failed'),
      );
      await removeProcessSockets(app.db, processId).catch((error: unknown) =>
        app.log.warn({ err: error }, 'realtime socket cleanup failed'),
      );
    });
  },
  { name: 'realtime' },
);

/** GET /api/realtime — the WebSocket (mounted with the other routes under /api). */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      schema: {
        tags: ['realtime'],
        summary:
          'WebSocket: send {"type":"auth","token":"<access token>"} first (or pass ?token=); then receive notification.created, chat.message and order.status',
        querystring: z.object({ token: z.string().max(2048).optional() }),
      },
    },
    (socket, request) => {
      const { realtime } = app;
      const limits = app.config.security ?? DEFAULT_SECURITY_CONFIG;
      const ip = request.ip;
      realtime.markAlive(socket);
      socket.on('pong', () => realtime.markAlive(socket));
      const { token } = request.query as { token?: string };
      ClientConnection.serve(socket, token ?? null, {
        db: app.db,
        config: app.config,
        hub: realtime.hub,
        processId: realtime.processId,
        log: request.log,
        bans: app.bans,
        limits,
        ip,
      });
    },
  );
};
