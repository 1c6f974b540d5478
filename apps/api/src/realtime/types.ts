import type { WebSocket } from 'ws';
import type { SignalDispatcher } from './dispatcher.ts';
import type { RealtimeHub } from './hub.ts';

export interface RealtimeService {
  /** This process's sockets. */
  hub: RealtimeHub;
  /** Signals from the database (all processes) → pushes; other modules may listen too. */
  dispatcher: SignalDispatcher;
  /** Identifies this process's rows in deal_viewers. */
  processId: string;
  /** The socket answered a protocol ping (sockets that stop answering are dropped). */
  markAlive: (socket: WebSocket) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeService;
  }
}
