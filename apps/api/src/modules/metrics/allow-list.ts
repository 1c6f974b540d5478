import { BlockList, isIP } from 'node:net';

/** Whether `text` is an IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
export function isIpOrCidr(text: string): boolean {
  const [ip, bits, extra] = text.split('/');
  if (extra !== undefined || !ip) return false;
  const version = isIP(ip);
  if (version === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

// An IPv4 client of a dual-stack listener arrives as ::ffff:a.b.c.d: it is matched as the IPv4 address it is.
const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** A matcher over IPs and CIDR ranges (entries already checked with isIpOrCidr); an unreadable address never matches. */
export function allowList(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [ip = '', bits] = entry.split('/');
    const type = isIP(ip) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  return (raw) => {
    const ip = MAPPED_V4.exec(raw)?.[1] ?? raw;
    const version = isIP(ip);
    return version !== 0 && list.check(ip, version === 4 ? 'ipv4' : 'ipv6');
  };
}
