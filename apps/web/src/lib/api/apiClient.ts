import { API_PREFIX, apiPaths, refreshResponse, type RefreshResponse } from '@jelly/contracts';
import { needsRefresh, parseTokenExpiry } from '@jelly/domain';
import type { z } from 'zod';
import { apiErrorFrom } from './apiError.ts';
import type { ClientIp } from './clientIp.ts';
import { isAuthEndpoint, isOwnApiUrl } from './ownApi.ts';
import type { TokenStore } from './tokenStore.ts';

export interface ApiClientOptions {
  /** Origin of the page, e.g. https://jelly.example; the API is `${origin}/api`. */
  origin: string;
  fetch: typeof fetch;
  tokens: TokenStore;
  clientIp: ClientIp;
  now?: () => number;
  /** A refresh issued new tokens (already saved). */
  onTokensRefreshed?: (tokens: RefreshResponse) => void;
  /** The server refused the refresh: the session is over (tokens already cleared). */
  onSessionLost?: () => void;
}

type RefreshOutcome = { token: string | null };

/**
 * fetch for our API: attaches the bearer token (own host only), refreshes it when the expiry is
 * missing or within 30 s (one refresh shared by concurrent requests), answers a 401 with one
 * refresh and one retry, and adds X-Forwarded-For when the platform config asks for it.
 */
export class ApiClient {
  readonly baseUrl: string;
  private ipLookupUrl: string | null = null;
  private refreshing: Promise<RefreshOutcome> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: ApiClientOptions) {
    this.baseUrl = `${options.origin}${API_PREFIX}`;
    this.now = options.now ?? Date.now;
  }

  /** Set from GET /platform/config: null means no IP lookup and no X-Forwarded-For. */
  setIpLookupUrl(url: string | null): void {
    this.ipLookupUrl = url;
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = this.toRequest(input, init);
    const { origin } = this.options;
    if (!isOwnApiUrl(request.url, origin)) return this.options.fetch(request);

    const authCall = isAuthEndpoint(request.url, origin);
    const token = authCall ? this.options.tokens.read().accessToken : await this.validToken();
    const ip = this.ipLookupUrl ? await this.options.clientIp.get(this.ipLookupUrl) : null;
    const retryCopy = authCall ? null : request.clone();

    const response = await this.options.fetch(withHeaders(request, token, ip));
    if (response.status !== 401 || !retryCopy || !this.hasSession()) return response;

    const { token: renewed } = await this.refresh();
    if (!renewed || renewed === token) return response;
    return this.options.fetch(withHeaders(retryCopy, renewed, ip));
  };

  /** GET/POST helper for JSON endpoints, validating the answer with the endpoint's schema. */
  async json<S extends z.ZodType>(path: string, schema: S, init: { method?: string; body?: unknown } = {}): Promise<z.infer<S>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await this.fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      credentials: 'include',
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
    if (!response.ok) throw await apiErrorFrom(response);
    return schema.parse(await response.json());
  }

  /** A call that answers no body (e.g. 204); throws on failure. */
  async send(path: string, init: { method: string; body?: unknown }): Promise<void> {
    const response = await this.fetch(`${this.baseUrl}${path}`, {
      method: init.method,
      headers: init.body === undefined ? {} : { 'Content-Type': 'application/json' },
      credentials: 'include',
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
    if (!response.ok) throw await apiErrorFrom(response);
  }

  /** The access token to send now, refreshed first when its expiry is missing or near. */
  async validToken(): Promise<string | null> {
    const { accessToken, accessExp } = this.options.tokens.read();
    if (!this.hasSession()) return null;
    if (accessToken && !needsRefresh(parseTokenExpiry(accessExp), this.now())) return accessToken;
    return (await this.refresh()).token;
  }

  /** One refresh at a time: concurrent callers share the same promise. */
  refresh(): Promise<RefreshOutcome> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private hasSession(): boolean {
    return Boolean(this.options.tokens.read().accessToken);
  }

  private async runRefresh(): Promise<RefreshOutcome> {
    const { tokens } = this.options;
    const { accessToken } = tokens.read();
    let response: Response;
    try {
      response = await this.options.fetch(`${this.baseUrl}${apiPaths.authRefresh}`, {
        method: 'POST',
        // The refresh token is the httpOnly cookie the browser attaches; the body stays empty.
        credentials: 'include',
      });
    } catch {
      // Offline or server unreachable: keep the session, the request decides what happens.
      return { token: accessToken };
    }
    if (response.status === 401 || response.status === 403) {
      tokens.clear();
      this.options.onSessionLost?.();
      return { token: null };
    }
    if (!response.ok) return { token: accessToken };
    const parsed = refreshResponse.safeParse(await response.json().catch(() => null));
    if (!parsed.success) return { token: accessToken };
    tokens.save(parsed.data);
    this.options.onTokensRefreshed?.(parsed.data);
    return { token: parsed.data.accessToken };
  }

  private toRequest(input: RequestInfo | URL, init?: RequestInit): Request {
    if (input instanceof Request) return init ? new Request(input, init) : input;
    return new Request(new URL(String(input), this.options.origin), init);
  }
}

function withHeaders(request: Request, token: string | null, ip: string | null): Request {
  const headers = new Headers(request.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  if (ip) headers.set('X-Forwarded-For', ip);
  return new Request(request, { headers });
}
