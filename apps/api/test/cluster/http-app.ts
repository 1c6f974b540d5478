/**
 * The test helpers (deal-fixtures, orders' testing.ts, sign-in) speak Fastify's `inject`. This adapter sends the
 * same requests as real HTTP through the load balancer, so they drive the cluster unchanged, and records which
 * replica answered each one (HAProxy's `x-jelly-replica`). `steer(name)` makes the NEXT request land on `name`:
 * HAProxy's round robin hands requests to a, b, c in turn, so cheap health reads advance the rotation until the
 * replica before `name` has answered; the action's own answer header then proves where it ran.
 */
import type { FastifyInstance } from 'fastify';
import { REPLICA_HEADER } from './haproxy.ts';
import { REPLICA_NAMES, type ReplicaName } from './cluster.ts';

interface InjectOptions {
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
  replica: ReplicaName;
  json<T = unknown>(): T;
}

export interface LoadBalancedApp {
  /** Pass as `t.app` to the inject-based helpers. */
  app: FastifyInstance;
  inject(options: InjectOptions): Promise<HttpAnswer>;
  /** Which replica answered each request, in order, with its method and path. */
  readonly served: { replica: ReplicaName; method: string; path: string; status: number }[];
  steer(name: ReplicaName): Promise<void>;
}

export function loadBalancedApp(baseUrl: string): LoadBalancedApp {
  const served: LoadBalancedApp['served'] = [];
  const inject = async (options: InjectOptions): Promise<HttpAnswer> => {
    const url = new URL(options.url, baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const method = options.method ?? 'GET';
    const hasBody = options.payload !== undefined;
    const response = await fetch(url, {
      method,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
      ...(hasBody ? { body: typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload) } : {}),
    });
    const body = await response.text();
    const replica = response.headers.get(REPLICA_HEADER) as ReplicaName | null;
    if (!replica || !REPLICA_NAMES.includes(replica)) throw new Error(`no ${REPLICA_HEADER} header on ${method} ${url.pathname}`);
    served.push({ replica, method, path: url.pathname, status: response.status });
    return {
      statusCode: response.status,
      body,
      headers: Object.fromEntries(response.headers),
      replica,
      json: <T>() => JSON.parse(body) as T,
    };
  };
  const steer = async (name: ReplicaName) => {
    const before = REPLICA_NAMES[(REPLICA_NAMES.indexOf(name) + REPLICA_NAMES.length - 1) % REPLICA_NAMES.length];
    for (let i = 0; i < REPLICA_NAMES.length; i++) {
      if ((await inject({ url: '/api/health' })).replica === before) return;
    }
    throw new Error(`the load balancer's rotation did not reach ${before} in ${REPLICA_NAMES.length} requests`);
  };
  // The helpers call only `inject` on the app; the cast is the adapter's whole point.
  const app = { inject } as unknown as FastifyInstance;
  return { app, inject, served, steer };
}
