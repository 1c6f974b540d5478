/**
 * The one HTTP client of the server's own outbound requests: token icons (an admin-given URL), the price feeds
 * (Pyth Hermes, the FX source), the Jupiter reference and the Telegram Bot API. It refuses to connect anywhere the
 * address policy (outbound-policy.ts) forbids — loopback, private, link-local and metadata addresses, and the rest —
 * after DNS resolution and on every redirect, so a URL cannot make the server reach inside its own network.
 *
 * Why this shape. request-filtering-agent, the best-known npm package for this, is an http.Agent, which Node's fetch
 * (undici) cannot use; @atproto-labs/fetch-node needs Node 22. undici itself (the library behind Node's fetch) lets
 * a dispatcher bring its own connector: ours resolves the name through a checking `lookup`, and net/tls connect to
 * exactly the addresses that passed the check — no second resolution, so a name that answers public for a check and
 * private for the connection (DNS rebinding) cannot slip through. Every redirect hop, to any host, opens its
 * connection through the same dispatcher and is checked the same way. ipaddr.js (the address library behind
 * Fastify's proxy-addr and request-filtering-agent) names the ranges.
 *
 * This is the only file of the API allowed to use fetch or undici (eslint.config.js).
 */
import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import { addressRefusal, parseAllowList, type AddressKind, type OutboundAllowList, type OutboundConfig } from './outbound-policy.ts';

/** fetch's options minus the dispatcher: a caller cannot swap the checked connection for its own. */
export type OutboundInit = Omit<RequestInit, 'dispatcher'>;
export type OutboundFetch = (url: string | URL, init?: OutboundInit) => Promise<Response>;
export type { Response as OutboundResponse };

/** The connection was refused by the address policy (the outbound fetch rejects with it). */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';

  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: AddressKind,
  ) {
    const what = host === address ? `${address} is a ${kind} address` : `${host} resolves to ${address}, a ${kind} address`;
    super(`${what}; the server connects only to public addresses unless OUTBOUND_ALLOW_HOSTS lists it`);
  }
}

/** The policy refusal behind a failed request, if that is what it was. */
export function outboundRefusalOf(error: unknown): OutboundRefusedError | null {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth += 1) {
    if (current instanceof OutboundRefusedError) return current;
    current = current.cause;
  }
  return null;
}

export interface OutboundHttpOptions extends OutboundConfig {
  /** The resolver, dns.lookup by default; tests give a made-up name a local address with it. */
  lookup?: LookupFunction;
}

export interface OutboundHttp {
  fetch: OutboundFetch;
  /** Ends its connections (requests still in flight fail). */
  close(): Promise<void>;
}

/** Resolves through `resolve` and refuses the name when any address it gave is forbidden. */
function checkedLookup(allow: OutboundAllowList, resolve: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = typeof address === 'string' ? [address] : address.map((a) => a.address);
      for (const candidate of addresses) {
        const kind = addressRefusal(candidate, hostname, allow);
        if (kind) return callback(new OutboundRefusedError(hostname, candidate, kind), address, family);
      }
      callback(null, address, family);
    });
  };
}

export function createOutboundHttp(options: OutboundHttpOptions): OutboundHttp {
  const allow = parseAllowList(options.allow);
  const connect = buildConnector({ lookup: checkedLookup(allow, options.lookup ?? (dns.lookup as LookupFunction)) });
  const agent = new Agent({
    connect: (target, callback) => {
      // net and tls use an IP literal as it is, without a lookup: it is judged here.
      if (isIP(target.hostname) !== 0) {
        const kind = addressRefusal(target.hostname, target.hostname, allow);
        if (kind) return callback(new OutboundRefusedError(target.hostname, target.hostname, kind), null);
      }
      connect(target, callback);
    },
  });
  return {
    fetch: async (url, init = {}) => {
      const target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new TypeError(`Only http(s) URLs are fetched, not ${target.protocol}`);
      try {
        return await undiciFetch(target, { ...init, dispatcher: agent });
      } catch (error) {
        // fetch reports every network failure as 'fetch failed'; a refusal is worth its own words.
        throw outboundRefusalOf(error) ?? error;
      }
    },
    close: () => agent.destroy(),
  };
}
