import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * helmet itself, run once: with these options its headers do not depend on the request (no nonce), so they are
 * taken from one run at start and given to every reply as Fastify reply headers. @fastify/helmet built helmet again
 * for every request (parsing the policy each time: a tenth of a swap quote's CPU), and setting them on the raw
 * response one by one made Node take its slow header path for every other header of the answer. No route sets its
 * own security headers; a proxied answer's own headers (reply.headers) still come after ours, as before.
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
  const headers = helmetHeaders(applyHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});

type Helmet = ReturnType<typeof helmet>;

/** The headers helmet sets, from one run on a stand-in response (it only removes X-Powered-By, which Fastify never sets). */
function helmetHeaders(applyHeaders: Helmet): Record<string, string> {
  const headers: Record<string, string> = {};
  let failure: unknown;
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: () => {},
  };
  applyHeaders({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
