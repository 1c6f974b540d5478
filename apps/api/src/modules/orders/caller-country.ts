import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The caller's country, when a trusted reverse proxy / CDN tells us (Cloudflare's `CF-IPCountry`, or the generic
 * `X-Country-Code`), and null otherwise. The header is believed only when the socket peer is one of
 * TRUSTED_PROXIES: a client could set it to anything. The server bundles no GeoIP database, so without such a proxy
 * the country is unknown and region rules are not applied (an offer's regions then only filter nothing).
 */
export function createCallerCountry(trustedProxies: readonly string[]): (request: FastifyRequest) => string | null {
  if (trustedProxies.length === 0) return () => null;
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
  return (request) => {
    const peer = request.socket.remoteAddress;
    if (!peer || !trusted(peer)) return null;
    const raw = request.headers['cf-ipcountry'] ?? request.headers['x-country-code'];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    // XX = unknown, T1 = Tor (Cloudflare conventions).
    return value && /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1' ? value : null;
  };
}
