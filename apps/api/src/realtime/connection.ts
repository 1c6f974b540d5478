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
import type { Database } from '../db/connect.ts';
import { type AuthConfig, bannedCloseReason, type BanGuard, verifyAccessToken } from '../modules/auth/index.ts';
import type { SecurityConfig } from '../security-config.ts';
import type { SharedConfig } from '../shared-config.ts';
import { dealRoomAccess, swapRoomAccess } from './deal-access.ts';
import type { RealtimeClient, RealtimeHub } from './hub.ts';
import { addViewer, removeViewer } from './presence.ts';
import { admitSocket, claimWalletSlot, releaseSocket } from './socket-registry.ts';

/** A client that lets this much pile up unread is too slow: drop it (it reconnects and resyncs). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** setTimeout cannot wait longer than ~24.8 days. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The standard WebSocket close code for a server-side failure: the client may reconnect. */
const INTERNAL_ERROR_CLOSE = 1011;
/** The wallet's slots are held only by sockets of a replica that died: they free within the lease. */
export const RECONNECTING = 'Reconnecting…';

export interface ConnectionDeps {
  db: Database;
  config: Pick<SharedConfig, 'jwtSecret' | 'publicUrl' | 'now' | 'adminWallets'> & Pick<AuthConfig, 'accessTokenTtlSeconds'>;
  hub: RealtimeHub;
  processId: string;
  log: FastifyBaseLogger;
  bans: BanGuard;
  limits: SecurityConfig;
  /** The client IP the socket came from. */
  ip: string;
}

/**
 * One WebSocket's life: admitted under the per-IP cap, authenticate (first message, or ?token=) within 5 s under the
 * per-wallet cap, then serve subscribe / unsubscribe / ping / re-auth until it closes. Messages of one socket are
 * handled in order, after the admission. Both caps count the sockets of every API process (socket-registry.ts).
 */
export class ClientConnection {
  private readonly id = randomUUID();
  private client: (RealtimeClient & { deals: Set<number> }) | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** Set once the socket's row is written under the per-IP cap; nothing else is served before. */
  private admitted = false;
  /** Swap rooms this socket has open: presence only (every swap-chat message already reaches the owner and admins). */
  private readonly swapRooms = new Set<number>();
  private readonly authTimer: NodeJS.Timeout;

  /** Starts serving `socket`; the connection lives until the socket closes. */
  static serve(socket: WebSocket, queryToken: string | null, deps: ConnectionDeps): ClientConnection {
    return new ClientConnection(socket, queryToken, deps);
  }

  private constructor(
    private readonly socket: WebSocket,
    queryToken: string | null,
    private readonly deps: ConnectionDeps,
  ) {
    this.authTimer = setTimeout(() => {
      if (!this.client) this.close(realtimeCloseCodes.authTimeout, 'Authentication timed out');
    }, REALTIME_AUTH_TIMEOUT_MS);
    socket.on('message', (data, isBinary) => {
      const parsed = isBinary ? null : parseFrame(data.toString());
      if (!parsed) {
        this.close(realtimeCloseCodes.badMessage, 'Unknown message');
        return;
      }
      this.enqueue(() => this.handle(parsed));
    });
    socket.on('close', () => this.onClose());
    socket.on('error', (error) => deps.log.debug({ err: error, connectionId: this.id }, 'realtime socket error'));
    this.enqueue(() => this.admit());
    if (queryToken) this.enqueue(() => this.authenticate(queryToken));
  }

  private readonly sendFrame = (frame: string): void => {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.deps.log.warn({ connectionId: this.id }, 'realtime client too slow; dropping it');
      this.socket.terminate();
      return;
    }
    this.socket.send(frame);
  };

  private send(message: RealtimeServerMessage): void {
    this.sendFrame(JSON.stringify(message));
  }

  private close(code: number, reason: string): void {
    const { readyState } = this.socket;
    if (readyState === WebSocket.OPEN || readyState === WebSocket.CONNECTING) this.socket.close(code, reason);
  }

  private async admit(): Promise<void> {
    const { db, processId, ip, limits, config } = this.deps;
    let admitted: boolean;
    try {
      admitted = await admitSocket(db, { socketId: this.id, processId, ip, now: config.now() }, limits.socketsPerIp);
    } catch (error) {
      this.deps.log.error({ err: error, connectionId: this.id }, 'realtime socket admission failed');
      this.close(INTERNAL_ERROR_CLOSE, 'Server error; reconnect');
      return;
    }
    if (!admitted) {
      this.close(realtimeCloseCodes.tooManySockets, `Too many open sockets from this address (at most ${limits.socketsPerIp})`);
      return;
    }
    this.admitted = true;
  }

  private async authenticate(token: string): Promise<void> {
    if (!this.admitted) return;
    const { config, hub } = this.deps;
    const check = await verifyAccessToken(config, token);
    if (!check.ok) {
      this.close(realtimeCloseCodes.unauthorized, check.reason === 'expired' ? 'Access token expired' : 'Invalid access token');
      return;
    }
    if (this.client && this.client.wallet !== check.user.wallet) {
      this.close(realtimeCloseCodes.unauthorized, 'A socket stays with one wallet');
      return;
    }
    const ban = await this.deps.bans.activeBan(check.user.wallet);
    if (ban) {
      this.close(realtimeCloseCodes.banned, bannedCloseReason(ban.reason));
      return;
    }
    const { socketsPerWallet } = this.deps.limits;
    const slot = { socketId: this.id, processId: this.deps.processId, ip: this.deps.ip, wallet: check.user.wallet, now: config.now() };
    const claimed = this.client ? 'claimed' : await claimWalletSlot(this.deps.db, slot, socketsPerWallet);
    if (claimed === 'settling') {
      this.close(realtimeCloseCodes.reconnecting, RECONNECTING);
      return;
    }
    if (claimed === 'full') {
      this.close(
        realtimeCloseCodes.tooManySockets,
        `Too many open sockets for this wallet (at most ${socketsPerWallet}); close another tab first`,
      );
      return;
    }
    const exp = decodeJwt(token).exp ?? 0;
    const expiresAt = new Date(exp * 1000);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = setTimeout(
      () => this.close(realtimeCloseCodes.unauthorized, 'Access token expired'),
      Math.min(MAX_TIMER_MS, Math.max(0, expiresAt.getTime() - config.now().getTime())),
    );
    if (!this.client) {
      clearTimeout(this.authTimer);
      const { wallet, isAdmin } = check.user;
      this.client = {
        id: this.id,
        wallet,
        // Admin rights follow the current configuration, not only the token's claim.
        isAdmin: isAdmin && config.adminWallets.has(wallet),
        ip: this.deps.ip,
        deals: new Set(),
        send: this.sendFrame,
        close: (code, reason) => this.close(code, reason),
      };
      if (this.closed) return;
      hub.register(this.client);
    }
    this.send({ type: 'ready', wallet: check.user.wallet, expiresAt: expiresAt.toISOString() });
  }

  private async handle(message: RealtimeClientMessage): Promise<void> {
    if (!this.admitted) return;
    if (message.type === 'auth') return this.authenticate(message.token);
    const { client } = this;
    if (!client) {
      this.close(realtimeCloseCodes.unauthorized, 'Authenticate first');
      return;
    }
    switch (message.type) {
      case 'ping':
        this.send({ type: 'pong', id: message.id, serverTime: this.deps.config.now().toISOString() });
        return;
      case 'subscribe':
        return this.subscribe(client, message.dealId);
      case 'subscribe.swap':
        return this.subscribeSwap(client, message.swapId);
      case 'unsubscribe.swap':
        if (this.swapRooms.delete(message.swapId)) await removeViewer(this.deps.db, `${this.id}:s${message.swapId}`);
        this.send({ type: 'unsubscribed.swap', swapId: message.swapId });
        return;
      case 'unsubscribe':
        if (client.deals.has(message.dealId)) {
          this.deps.hub.leave(client, message.dealId);
          await removeViewer(this.deps.db, `${this.id}:${message.dealId}`);
        }
        this.send({ type: 'unsubscribed', dealId: message.dealId });
        return;
    }
  }

  private async subscribe(client: RealtimeClient & { deals: Set<number> }, dealId: number): Promise<void> {
    const { db, config, hub } = this.deps;
    if (client.deals.has(dealId)) {
      this.send({ type: 'subscribed', dealId });
      return;
    }
    const { roomsPerSocket } = this.deps.limits;
    if (client.deals.size >= roomsPerSocket) {
      this.send({ type: 'error', code: 'TOO_MANY_ROOMS', message: `At most ${roomsPerSocket} deals at once.` });
      return;
    }
    const access = await dealRoomAccess(db, dealId, client);
    if (access !== 'ok') {
      this.send({
        type: 'error',
        code: access === 'not_found' ? 'NOT_FOUND' : 'FORBIDDEN',
        message: access === 'not_found' ? 'Deal not found.' : 'Only the deal’s parties and admins can follow it.',
      });
      return;
    }
    await addViewer(db, {
      subscriptionId: `${this.id}:${dealId}`,
      wallet: client.wallet,
      room: { kind: 'deal', id: dealId },
      processId: this.deps.processId,
      now: config.now(),
    });
    if (this.closed) return removeViewer(db, `${this.id}:${dealId}`);
    hub.join(client, dealId);
    this.send({ type: 'subscribed', dealId });
  }

  /** Marks the wallet as viewing the swap's chat (its owner or an admin), so its messages do not notify them. */
  private async subscribeSwap(client: RealtimeClient, swapId: number): Promise<void> {
    const { db, config } = this.deps;
    if (!this.swapRooms.has(swapId)) {
      const { roomsPerSocket } = this.deps.limits;
      if (this.swapRooms.size >= roomsPerSocket) {
        this.send({ type: 'error', code: 'TOO_MANY_ROOMS', message: `At most ${roomsPerSocket} swaps at once.` });
        return;
      }
      const access = await swapRoomAccess(db, swapId, client);
      if (access !== 'ok') {
        this.send({
          type: 'error',
          code: access === 'not_found' ? 'NOT_FOUND' : 'FORBIDDEN',
          message: access === 'not_found' ? 'Swap not found.' : 'Only the swap’s owner and admins can follow it.',
        });
        return;
      }
      const subscriptionId = `${this.id}:s${swapId}`;
      await addViewer(db, { subscriptionId, wallet: client.wallet, room: { kind: 'swap', id: swapId }, processId: this.deps.processId, now: config.now() });
      if (this.closed) return removeViewer(db, subscriptionId);
      this.swapRooms.add(swapId);
    }
    this.send({ type: 'subscribed.swap', swapId });
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.deps.log.error({ err: error, connectionId: this.id }, 'realtime message failed');
      this.send({ type: 'error', code: 'INTERNAL_ERROR', message: 'Something went wrong on the server.' });
    });
  }

  private onClose(): void {
    this.closed = true;
    clearTimeout(this.authTimer);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    const current = this.client;
    const rooms = [...[...(current?.deals ?? [])].map((dealId) => `${this.id}:${dealId}`), ...[...this.swapRooms].map((swapId) => `${this.id}:s${swapId}`)];
    if (current) this.deps.hub.unregister(current);
    // Queued behind the admission and any authentication in flight, so the row they write is the one removed.
    this.enqueue(async () => {
      for (const subscriptionId of rooms) await removeViewer(this.deps.db, subscriptionId);
      if (this.admitted) await releaseSocket(this.deps.db, this.id);
    });
  }
}

function parseFrame(text: string): RealtimeClientMessage | null {
  try {
    const parsed = realtimeClientMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
