import geoip from 'geoip-country';
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** XX = unknown, T1 = Tor (Cloudflare conventions): neither is a country. */
const NOT_A_COUNTRY = new Set(['XX', 'T1']);

/**
 * The caller's country (ISO 3166 alpha-2), or null when it is unknown.
 * - A country header from a trusted reverse proxy / CDN (Cloudflare's `CF-IPCountry`, or `X-Country-Code`) wins;
 *   it is believed only when the socket peer is one of TRUSTED_PROXIES, since a client could set it to anything.
 * - Otherwise the bundled GeoIP country database (read locally, no network) places the client address, which is
 *   `request.ip`: X-Forwarded-For counts only from TRUSTED_PROXIES (Fastify trustProxy).
 * Loopback, private and unlisted addresses are unknown; region-limited offers then fail closed.
 */
export function createCallerCountry(trustedProxies: readonly string[]): (request: FastifyRequest) => string | null {
  const list = new BlockList();
  for (const entry of trustedProxies) {
    const [ip = '', bits] = entry.split('/');
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  const trusted = (address: string) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const ip = mapped?.[1] ?? address;
    return list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
  };
  const fromProxyHeader = (request: FastifyRequest): string | null => {
    const peer = request.socket.remoteAddress;
    if (trustedProxies.length === 0 || !peer || !trusted(peer)) return null;
    const raw = request.headers['cf-ipcountry'] ?? request.headers['x-country-code'];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    return value && /^[A-Z]{2}$/.test(value) && !NOT_A_COUNTRY.has(value) ? value : null;
  };
  return (request) => {
    const told = fromProxyHeader(request);
    if (told) return told;
    const country = isIP(request.ip) ? geoip.lookup(request.ip)?.country : undefined;
    return country && /^[A-Z]{2}$/.test(country) ? country : null;
  };
}
