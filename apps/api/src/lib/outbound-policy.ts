import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { readEnv, type ConfigRead, optionalText } from './env-fields.ts';

/**
 * Which addresses the server's own outbound requests may connect to (lib/outbound-http.ts applies it to every
 * connection). The rule: public unicast addresses only. Loopback, private (RFC 1918, carrier-grade NAT 100.64/10,
 * unique local fc00::/7), link-local (169.254/16, fe80::/10, with the cloud metadata addresses), unspecified,
 * multicast, broadcast and every other reserved range are refused, and an IPv4-mapped IPv6 address (::ffff:a.b.c.d)
 * is judged as the IPv4 address it carries. The operator's allow-list (OUTBOUND_ALLOW_HOSTS) lifts the rule for
 * what it names: an IP or CIDR entry allows exactly the addresses it covers; a host name entry lets that name (as
 * written in the URL) resolve to loopback, private or link-local addresses, never to a metadata, unspecified,
 * multicast or reserved one.
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cloud metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

/** The cloud metadata services (AWS, GCP, Azure… on IPv4; AWS on IPv6): never reachable through a host name entry. */
const METADATA_ADDRESSES = ['169.254.169.254', 'fd00:ec2::254'].map((a) => ipaddr.parse(a).toNormalizedString());

/** ipaddr.js range names, in our words. Anything not named here (as112, amt, 6to4, teredo, rfc6052, …) is reserved. */
const RANGE_KINDS: Readonly<Record<string, AddressKind>> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'private',
  uniqueLocal: 'private',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'multicast',
};

/** What a host name entry may resolve to. */
const ALLOWED_BY_NAME: ReadonlySet<AddressKind> = new Set(['loopback', 'private', 'link-local']);

/** The kind of an IP address (IPv4-mapped IPv6 judged as its IPv4 address). Throws for text that is no IP address. */
export function addressKind(address: string): AddressKind {
  const ip = ipaddr.process(address);
  if (METADATA_ADDRESSES.includes(ip.toNormalizedString())) return 'cloud metadata';
  return RANGE_KINDS[ip.range()] ?? 'reserved';
}

/** The parsed OUTBOUND_ALLOW_HOSTS. */
export interface OutboundAllowList {
  /** Lower-case host names without a trailing dot. */
  hosts: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const normalHost = (host: string) => host.toLowerCase().replace(/\.$/, '');

/**
 * One allow-list entry: an IP address, a CIDR range (IPv4 ranges in IPv4 form) or a host name (with a letter in it);
 * null when it is none of these. Only the plain address forms count: '127.1' or '2130706433' are not addresses here.
 */
function parseEntry(entry: string): { range: [ipaddr.IPv4 | ipaddr.IPv6, number] } | { host: string } | null {
  const [address = '', bits, extra] = entry.split('/');
  if (isIP(address) !== 0) {
    if (extra !== undefined) return null;
    if (bits === undefined) {
      const ip = ipaddr.process(address);
      return { range: [ip, ip.kind() === 'ipv4' ? 32 : 128] };
    }
    return ipaddr.isValidCIDR(entry) ? { range: ipaddr.parseCIDR(entry) } : null;
  }
  const host = normalHost(entry);
  return HOST_NAME.test(host) && /[a-z]/.test(host) ? { host } : null;
}

export function parseAllowList(entries: readonly string[]): OutboundAllowList {
  const hosts = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const entry of entries) {
    const parsed = parseEntry(entry.trim());
    if (!parsed) throw new RangeError(`Not an IP address, CIDR range or host name: ${entry}`);
    if ('host' in parsed) hosts.add(parsed.host);
    else ranges.push(parsed.range);
  }
  return { hosts, ranges };
}

/**
 * Why the server may not connect to `address` for a request to `host`; null when it may. `host` is the name in the
 * URL (for an IP literal, the address itself).
 */
export function addressRefusal(address: string, host: string, allow: OutboundAllowList): AddressKind | null {
  if (!ipaddr.isValid(address)) return 'reserved';
  const kind = addressKind(address);
  if (kind === 'public') return null;
  const ip = ipaddr.process(address);
  if (allow.ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits))) return null;
  if (ALLOWED_BY_NAME.has(kind) && allow.hosts.has(normalHost(host))) return null;
  return kind;
}

/** The allow-list as configured: entries as the operator wrote them (parsed when the client is made). */
export interface OutboundConfig {
  /** OUTBOUND_ALLOW_HOSTS: IPs, CIDR ranges and host names that may be private. Empty = public addresses only. */
  allow: readonly string[];
}

export const DEFAULT_OUTBOUND_CONFIG: OutboundConfig = { allow: [] };

const envSchema = z.object({
  OUTBOUND_ALLOW_HOSTS: optionalText.transform((value, ctx) => {
    const entries = (value ?? '').split(',').map((e) => e.trim()).filter((e) => e !== '');
    const bad = entries.filter((e) => parseEntry(e) === null);
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must list IP addresses, CIDR ranges or host names (not: ${bad.join(', ')})` });
      return z.NEVER;
    }
    return entries;
  }),
});

/** OUTBOUND_ALLOW_HOSTS (comma-separated; default none). Returns the problems instead of throwing. */
export function readOutboundConfig(env: NodeJS.ProcessEnv): ConfigRead<OutboundConfig> {
  return readEnv(envSchema, env, (e) => ({ ok: true, config: { allow: e.OUTBOUND_ALLOW_HOSTS } }));
}
