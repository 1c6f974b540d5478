// The authentication deadline on a fake clock, against a stand-in socket (realtime.test.ts proves the real socket
// closes with the same code and reason; here the moment it happens is checked exactly, without waiting it out).
import { EventEmitter } from 'node:events';
import { REALTIME_AUTH_TIMEOUT_MS, realtimeCloseCodes } from '@jelly/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { ClientConnection, type ConnectionDeps } from './connection.ts';

class StandInSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  readonly closes: { code: number; reason: string }[] = [];
  close(code: number, reason: string): void {
    this.closes.push({ code, reason });
    this.readyState = WebSocket.CLOSING;
  }
}

// Before authentication only the admission reads the database; this one never answers, so the deadline is shown
// to run on its own while the admission waits.
const deps = {
  db: { transaction: () => new Promise(() => {}) },
  config: { now: () => new Date() },
  limits: { socketsPerIp: 1 },
  processId: 'test-process',
  ip: '192.0.2.1',
} as unknown as ConnectionDeps;

describe('the authentication deadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 5 seconds', () => {
    expect(REALTIME_AUTH_TIMEOUT_MS).toBe(5000);
  });

  it('closes with 4408 a socket that sent nothing, exactly when the deadline passes', () => {
    const socket = new StandInSocket();
    ClientConnection.serve(socket as unknown as WebSocket, null, deps);
    vi.advanceTimersByTime(REALTIME_AUTH_TIMEOUT_MS - 1);
    expect(socket.closes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.closes).toEqual([{ code: realtimeCloseCodes.authTimeout, reason: 'Authentication timed out' }]);
  });

  it('stops counting once the socket closed', () => {
    const socket = new StandInSocket();
    ClientConnection.serve(socket as unknown as WebSocket, null, deps);
    socket.readyState = WebSocket.CLOSED;
    socket.emit('close');
    vi.advanceTimersByTime(REALTIME_AUTH_TIMEOUT_MS);
    expect(vi.getTimerCount()).toBe(0);
    expect(socket.closes).toEqual([]);
  });
});
