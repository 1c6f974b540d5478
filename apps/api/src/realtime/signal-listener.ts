import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connect.ts';
import { parseSignal, REALTIME_CHANNEL, type RealtimeSignal } from './signals.ts';

export interface SignalListener {
  /** Resolves once LISTEN is active. */
  start: () => Promise<void>;
  close: () => Promise<void>;
}

export interface SignalListenerHandlers {
  onSignal: (signal: RealtimeSignal) => void;
  /** LISTEN was re-established after a lost connection: signals in between may be lost. */
  onReconnected: () => void;
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * LISTEN on the realtime channel of the app's own database: PGlite's in-process listen, or a dedicated
 * PostgreSQL connection (LISTEN needs a session of its own; pool connections come and go) that reconnects
 * with backoff when it drops.
 */
export function createSignalListener(db: Database, log: FastifyBaseLogger, handlers: SignalListenerHandlers): SignalListener {
  const client: unknown = (db as unknown as { $client: unknown }).$client;
  const onPayload = (payload: string) => {
    const signal = parseSignal(payload);
    if (signal) handlers.onSignal(signal);
    else log.warn({ payload: payload.slice(0, 200) }, 'ignored an unknown realtime signal');
  };
  if (client instanceof PGlite) return pgliteListener(client, onPayload);
  if (client instanceof pg.Pool) return postgresListener(client, log, onPayload, handlers.onReconnected);
  throw new Error('realtime: unsupported database client');
}

function pgliteListener(client: PGlite, onPayload: (payload: string) => void): SignalListener {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    start: async () => {
      unlisten = await client.listen(REALTIME_CHANNEL, onPayload);
    },
    close: async () => {
      // The database closes after the app's other onClose hooks; skip when it is already gone.
      if (unlisten && !client.closed) await unlisten();
      unlisten = null;
    },
  };
}

function postgresListener(
  pool: pg.Pool,
  log: FastifyBaseLogger,
  onPayload: (payload: string) => void,
  onReconnected: () => void,
): SignalListener {
  let closed = false;
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const client = new pg.Client(pool.options);
    client.on('notification', (message) => {
      if (message.channel === REALTIME_CHANNEL && message.payload !== undefined) onPayload(message.payload);
    });
    const lost = (error?: Error) => {
      if (current !== client || closed) return;
      current = null;
      log.warn({ err: error }, 'realtime LISTEN connection lost; reconnecting');
      client.end().catch(() => {});
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    current = client;
    attempt = 0;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(onReconnected, (error: unknown) => {
        log.warn({ err: error }, 'realtime LISTEN reconnect failed');
        scheduleReconnect();
      });
    }, delay);
    retryTimer.unref();
  };

  return {
    start: connect,
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
