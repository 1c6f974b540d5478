/**
 * The test helpers (deal-fixtures, orders' testing.ts, sign-in) speak Fastify's `inject`. `httpInject` sends the same
 * request as real HTTP to a running server and answers in inject's shape, so the helpers drive a separate API
 * process unchanged (the replica tests through the load balancer, the crash tests process by process).
 */
export interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  query?: Record<string, string>;
}

export interface HttpAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
  json<T = unknown>(): T;
}

export async function httpInject(baseUrl: string, options: InjectOptions): Promise<HttpAnswer> {
  const url = new URL(options.url, baseUrl);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const hasBody = options.payload !== undefined;
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(hasBody ? { body: typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload) } : {}),
  });
  const body = await response.text();
  return { statusCode: response.status, body, headers: Object.fromEntries(response.headers), json: <T>() => JSON.parse(body) as T };
}
