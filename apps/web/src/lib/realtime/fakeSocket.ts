import type { SocketLike } from './realtimeConnection.ts';

/** A WebSocket stand-in for unit tests: records what the client sends; the test plays the server. */
export class FakeSocket implements SocketLike {
  static created: FakeSocket[] = [];
  readyState = 0;
  readonly sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.created.push(this);
  }

  static factory = (url: string) => new FakeSocket(url);

  static latest(): FakeSocket {
    const socket = FakeSocket.created[FakeSocket.created.length - 1];
    if (!socket) throw new Error('no socket created');
    return socket;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  // ── the server's side ──
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  push(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}
