import { AsyncLocalStorage } from 'node:async_hooks';
import { symbols, type Logger } from 'pino';

/**
 * What a log line is part of: the request it serves (`reqId`) or the periodic job whose run logged it (`job`).
 * Kept in async context so that a line logged through the app's logger deep in shared code (a gate context, a
 * Coin Jelly service built once with `app.log`) says which request or job it belongs to, as a request's own logger
 * (`request.log`, bound with `reqId` by Fastify) already does.
 */
export type LogContext = { reqId: string } | { job: string };

const context = new AsyncLocalStorage<LogContext>();

/** Runs `fn` (and everything it starts) as part of `scope`: every line logged meanwhile carries its field. */
export function withLogContext<T>(scope: LogContext, fn: () => T): T {
  return context.run(scope, fn);
}

/**
 * Pino's mixin: the current scope's field, unless the logger already binds it (a request's logger binds `reqId`:
 * a second one would write the key twice on one line).
 */
export function logContextMixin(_merge: object, _level: number, logger: Logger): object {
  const scope = context.getStore();
  if (!scope) return {};
  if ('reqId' in scope && (logger as unknown as Record<symbol, string>)[symbols.chindingsSym]?.includes('"reqId":')) return {};
  return { ...scope };
}
