import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The RPC endpoints the web app's wallet flow talks to: the configured (or embedded) RPC in its http and ws forms. */
export function rpcSources(app: Pick<FastifyInstance, 'chain' | 'config'>): string[] {
  const rpcUrl = app.chain?.rpcUrl ?? app.config.solanaRpcUrl;
  const wsUrl = app.chain?.wsUrl ?? app.config.solanaWsUrl;
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
  // The embedded RPC is proxied at /rpc on our own origin (ws form spelled out for older browsers).
  const self = new URL(app.config.publicUrl);
  sources.add(`${self.protocol === 'https:' ? 'wss:' : 'ws:'}//${self.host}`);
  return [...sources];
}

/**
 * Security headers on every response (API, API docs and the web app) through helmet, with a strict
 * Content-Security-Policy: scripts only from our origin (the built web app and the docs have no inline script),
 * connections to our origin and the Solana RPC, images from our origin, data: and blob:, and no framing at all.
 */
export const securityHeaders = fp(async (app) => {
  const https = app.config.publicUrl.startsWith('https:');
  await app.register(helmet, {
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
});
