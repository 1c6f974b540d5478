/**
 * The child's half of child.ts: a bench server calls serveBench once it listens. It announces itself with the
 * values the bench needs (addresses, tokens), answers the bench's requests, and stops on SIGTERM. It also exits when
 * the bench that started it is gone (IPC channel closed), so a killed bench never leaves its server running.
 */
export interface ServeOptions {
  /** Closes what the server opened; the process exits after it (or after 10 s if it does not finish). */
  stop: () => Promise<void>;
  /** Answers one request from the bench. */
  answer?: (body: unknown) => unknown;
}

export function serveBench(ready: unknown, options: ServeOptions): void {
  if (!process.send) throw new Error('serveBench: not started by a bench (no IPC channel)');
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(code), 10_000).unref();
    options
      .stop()
      .catch((error: unknown) => console.error('bench server stop failed:', error))
      .finally(() => process.exit(code));
  };
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  process.on('disconnect', () => stop(1));
  process.on('message', (message: { kind: string; id: number; body: unknown }) => {
    if (message.kind !== 'request') return;
    void Promise.resolve()
      .then(() => options.answer?.(message.body))
      .then((value) => process.send?.({ kind: 'reply', id: message.id, value }));
  });
  process.send({ kind: 'ready', value: ready });
}
