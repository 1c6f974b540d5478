import { z } from 'zod';
import type { KeyValueStorage } from '../storage.ts';

export const USER_IP_KEY = 'user_ip';

const ipAddress = z.union([z.ipv4(), z.ipv6()]);
/** IP lookup services answer plain text or JSON such as { "ip": "…" }. */
const lookupJson = z.object({ ip: ipAddress });

async function readIp(response: Response): Promise<string | null> {
  const text = (await response.text()).trim();
  const plain = ipAddress.safeParse(text);
  if (plain.success) return plain.data;
  try {
    const json = lookupJson.safeParse(JSON.parse(text));
    return json.success ? json.data.ip : null;
  } catch {
    return null;
  }
}

/**
 * The user's public IP for the X-Forwarded-For header, looked up at most once per page
 * (cached in storage as user_ip). Only used when the platform config names a lookup URL.
 */
export class ClientIp {
  private pending: Promise<string | null> | null = null;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly fetchFn: typeof fetch,
  ) {}

  get(lookupUrl: string): Promise<string | null> {
    const cached = this.storage.getItem(USER_IP_KEY);
    if (cached && ipAddress.safeParse(cached).success) return Promise.resolve(cached);
    this.pending ??= this.lookup(lookupUrl);
    return this.pending;
  }

  private async lookup(lookupUrl: string): Promise<string | null> {
    try {
      // A third-party host: no credentials, no token.
      const response = await this.fetchFn(lookupUrl, { credentials: 'omit', headers: { Accept: 'application/json, text/plain' } });
      if (!response.ok) return null;
      const ip = await readIp(response);
      if (ip) this.storage.setItem(USER_IP_KEY, ip);
      return ip;
    } catch {
      return null;
    }
  }
}
