import { randomUUID } from 'node:crypto';
import {
  REALTIME_AUTH_TIMEOUT_MS,
  realtimeClientMessage,
  realtimeCloseCodes,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@jelly/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/connect.ts';
import { verifyAccessToken } from '../modules/auth/index.ts';
import { dealRoomAccess } from './deal-access.ts';
import type { RealtimeClient, RealtimeHub } from './hub.ts';
import { addViewer, removeViewer } from './presence.ts';

/** Deal rooms one socket may hold at once (each is a presence row). */
export const MAX_ROOMS_PER_SOCKET = 20;
/** A client that lets this much pile up unread is too slow: drop it (it reconnects and resyncs). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** setTimeout cannot wait longer than ~24.8 days. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ConnectionDeps {
  db: Database;
  config: Pick<AppConfig, 'jwtSecret' | 'publicUrl' | 'accessTokenTtlSeconds' | 'now'>;
  hub: RealtimeHub;
  processId: string;
  log: FastifyBaseLogger;
}

/**
 * One WebSocket's life: authenticate (first message, or ?token=) within 5 s, then serve subscribe / unsubscribe /
 * ping / re-auth until it closes. Messages of one socket are handled in order.
 */
export function serveConnection(socket: WebSocket, queryToken: string | null, deps: ConnectionDeps): void {
  const { db, config, hub, log } = deps;
  const connectionId = randomUUID();
  let client: (RealtimeClient & { deals: Set<number> }) | null = null;
  let expiryTimer: NodeJS.Timeout | null = null;
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  const sendFrame = (frame: string) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      log.warn({ connectionId }, 'realtime client too slow; dropping it');
      socket.terminate();
      return;
    }
    socket.send(frame);
  };
  const send = (message: RealtimeServerMessage) => sendFrame(JSON.stringify(message));
  const close = (code: number, reason: string) => {
    if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(code, reason);
  };

  const authTimer = setTimeout(() => {
    if (!client) close(realtimeCloseCodes.authTimeout, 'Authentication timed out');
  }, REALTIME_AUTH_TIMEOUT_MS);

  const authenticate = async (token: string) => {
    const check = await verifyAccessToken(config, token);
    if (!check.ok) {
      close(realtimeCloseCodes.unauthorized, check.reason === 'expired' ? 'Access token expired' : 'Invalid access token');
      return;
    }
    if (client && client.wallet !== check.user.wallet) {
      close(realtimeCloseCodes.unauthorized, 'A socket stays with one wallet');
      return;
    }
    const exp = decodeJwt(token).exp ?? 0;
    const expiresAt = new Date(exp * 1000);
    if (expiryTimer) clearTimeout(expiryTimer);
    expiryTimer = setTimeout(
      () => close(realtimeCloseCodes.unauthorized, 'Access token expired'),
      Math.min(MAX_TIMER_MS, Math.max(0, expiresAt.getTime() - config.now().getTime())),
    );
    if (!client) {
      clearTimeout(authTimer);
      client = { id: connectionId, wallet: check.user.wallet, isAdmin: check.user.isAdmin, deals: new Set(), send: sendFrame };
      if (closed) return;
      hub.register(client);
    }
    send({ type: 'ready', wallet: check.user.wallet, expiresAt: expiresAt.toISOString() });
  };

  const handle = async (message: RealtimeClientMessage) => {
    if (message.type === 'auth') return authenticate(message.token);
    if (!client) {
      close(realtimeCloseCodes.unauthorized, 'Authenticate first');
      return;
    }
    switch (message.type) {
      case 'ping':
        send({ type: 'pong', id: message.id, serverTime: config.now().toISOString() });
        return;
      case 'subscribe': {
        if (client.deals.has(message.dealId)) {
          send({ type: 'subscribed', dealId: message.dealId });
          return;
        }
        if (client.deals.size >= MAX_ROOMS_PER_SOCKET) {
          send({ type: 'error', code: 'TOO_MANY_ROOMS', message: `At most ${MAX_ROOMS_PER_SOCKET} deals at once.` });
          return;
        }
        const access = await dealRoomAccess(db, message.dealId, client);
        if (access !== 'ok') {
          send({
            type: 'error',
            code: access === 'not_found' ? 'NOT_FOUND' : 'FORBIDDEN',
            message: access === 'not_found' ? 'Deal not found.' : 'Only the deal’s parties and admins can follow it.',
          });
          return;
        }
        await addViewer(db, {
          subscriptionId: `${connectionId}:${message.dealId}`,
          wallet: client.wallet,
          dealId: message.dealId,
          processId: deps.processId,
          now: config.now(),
        });
        if (closed) return removeViewer(db, `${connectionId}:${message.dealId}`);
        hub.join(client, message.dealId);
        send({ type: 'subscribed', dealId: message.dealId });
        return;
      }
      case 'unsubscribe':
        if (client.deals.has(message.dealId)) {
          hub.leave(client, message.dealId);
          await removeViewer(db, `${connectionId}:${message.dealId}`);
        }
        send({ type: 'unsubscribed', dealId: message.dealId });
        return;
    }
  };

  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => {
      log.error({ err: error, connectionId }, 'realtime message failed');
      send({ type: 'error', code: 'INTERNAL_ERROR', message: 'Something went wrong on the server.' });
    });
  };

  socket.on('message', (data, isBinary) => {
    const parsed = isBinary ? null : parseFrame(data.toString());
    if (!parsed) {
      close(realtimeCloseCodes.badMessage, 'Unknown message');
      return;
    }
    enqueue(() => handle(parsed));
  });

  socket.on('close', () => {
    closed = true;
    clearTimeout(authTimer);
    if (expiryTimer) clearTimeout(expiryTimer);
    const current = client;
    if (!current) return;
    const rooms = [...current.deals];
    hub.unregister(current);
    enqueue(async () => {
      for (const dealId of rooms) await removeViewer(db, `${connectionId}:${dealId}`);
    });
  });

  socket.on('error', (error) => log.debug({ err: error, connectionId }, 'realtime socket error'));

  if (queryToken) enqueue(() => authenticate(queryToken));
}

function parseFrame(text: string): RealtimeClientMessage | null {
  try {
    const parsed = realtimeClientMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
