import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/**
 * A resolver for tests of the outbound client: the names in `names` resolve to the given addresses (made-up names
 * for local test servers), every other name through dns.lookup.
 */
export function lookupWith(names: Record<string, string[]>): LookupFunction {
  return (hostname, options, callback) => {
    const addresses = names[hostname.toLowerCase()];
    if (!addresses) return (dns.lookup as LookupFunction)(hostname, options, callback);
    const all = addresses.map((address) => ({ address, family: isIP(address) }));
    if (options.all) callback(null, all);
    else callback(null, all[0]!.address, all[0]!.family);
  };
}
