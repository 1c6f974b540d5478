import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The external RPC endpoints the web app's wallet flow talks to: the configured cluster's RPC in its http and ws
 * forms. None for the embedded localnet, which the browser reaches on our own origin at /rpc ('self').
 */
export function rpcSources(app: Pick<FastifyInstance, 'chain' | 'config'>): string[] {
  const rpcUrl = app.config.solanaRpcUrl;
  if (!rpcUrl) return [];
  const wsUrl = app.config.solanaWsUrl;
  const sources = new Set<string>();
  for (const url of [rpcUrl, wsUrl]) {
    if (!url) continue;
    const parsed = new URL(url);
    const other = new URL(url);
    other.protocol = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'http:', 'wss:': 'https:' }[parsed.protocol] ?? parsed.protocol;
    sources.add(`${parsed.protocol}//${parsed.host}`);
    sources.add(`${other.protocol}//${other.host}`);
    // Without a ws URL, @solana/web3.js subscribes on the RPC port + 1.
    if (url === rpcUrl && !wsUrl && parsed.port) {
      sources.add(`${other.protocol}//${parsed.hostname}:${Number(parsed.port) + 1}`);
    }
  }
  return [...sources];
}

/**
 * Security headers on every response (API, API docs and the web app) through helmet, with a strict
 * Content-Security-Policy: scripts only from our origin (the built web app and the docs have no inline script),
 * connections to our origin (the embedded RPC is proxied at /rpc) and a configured external Solana RPC, images from our origin, data: and blob:, and no framing at all.
 *
 * helmet itself, built once: its headers are worked out when it is built, and @fastify/helmet built it again for
 * every request (parsing the policy each time: a tenth of a swap quote's CPU). No route sets its own headers.
 */
export const securityHeaders = fp(async (app) => {
  const https = app.config.publicUrl.startsWith('https:');
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // React and the docs set style attributes; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...rpcSources(app)],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
});
