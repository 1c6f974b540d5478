import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where the embedded localnet's JSON-RPC (POST) and subscriptions (WebSocket) are reached on our own origin. */
export const RPC_PATH = '/rpc';

/** The chain is the embedded localnet: the server started it, no SOLANA_RPC_URL was configured. */
export function servesEmbeddedRpc(app: Pick<FastifyInstance, 'chain' | 'config'>): boolean {
  return app.chain !== null && app.config.solanaRpcUrl === null;
}

/**
 * The /rpc URLs as the caller reached us. request.protocol and request.host honour X-Forwarded-Proto/Host only
 * from TRUSTED_PROXIES (Fastify trustProxy), so a client cannot point another client's wallet elsewhere.
 */
export function sameOriginRpcUrls(request: FastifyRequest): { rpcUrl: string; wsUrl: string } {
  const secure = request.protocol === 'https';
  return {
    rpcUrl: `${secure ? 'https' : 'http'}://${request.host}${RPC_PATH}`,
    wsUrl: `${secure ? 'wss' : 'ws'}://${request.host}${RPC_PATH}`,
  };
}
