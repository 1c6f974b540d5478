import type { OutboundFetch, OutboundInit } from '../../lib/outbound-http.ts';

/** What grammY passes to its fetch: node-fetch's options. */
interface GrammyFetchInit extends Omit<OutboundInit, 'signal'> {
  /** grammY's own AbortSignal (the abort-controller polyfill), which undici's fetch does not take. */
  signal?: { aborted: boolean; addEventListener(type: 'abort', listener: () => void): void } | null;
  /** node-fetch's connection options: the outbound client brings its own connection, so they are dropped. */
  agent?: unknown;
  compress?: unknown;
}

/**
 * grammY's `fetch` option (Bot and Api): every Bot API call goes through the outbound client, so a TELEGRAM_API_ROOT
 * on a private address is refused unless OUTBOUND_ALLOW_HOSTS names it (an operator's own Bot API server or proxy).
 */
export function telegramFetch(outbound: OutboundFetch) {
  return (url: string, init: GrammyFetchInit = {}) => {
    const { signal: grammySignal, agent: _agent, compress: _compress, ...rest } = init;
    const controller = new AbortController();
    if (grammySignal?.aborted) controller.abort();
    else grammySignal?.addEventListener('abort', () => controller.abort());
    return outbound(url, { ...rest, signal: controller.signal });
  };
}
