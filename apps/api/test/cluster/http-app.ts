/**
 * The inject-shaped HTTP client (helpers/http-inject.ts) through the load balancer, recording which
 * replica answered each one (HAProxy's `x-jelly-replica`). `steer(name)` makes the NEXT request land on `name`:
 * HAProxy's round robin hands requests to the replicas in a fixed turn, so cheap health reads advance the rotation
 * until `name` is next; the action's own answer header then proves where it ran.
 */
import type { FastifyInstance } from 'fastify';
import { httpInject, type HttpAnswer as PlainAnswer, type InjectOptions } from '../helpers/http-inject.ts';
import { REPLICA_HEADER } from './haproxy.ts';
import { REPLICA_NAMES, type ReplicaName } from './cluster.ts';

export interface HttpAnswer extends PlainAnswer {
  replica: ReplicaName;
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
    const method = options.method ?? 'GET';
    const path = new URL(options.url, baseUrl).pathname;
    const answer = await httpInject(baseUrl, options);
    const replica = answer.headers[REPLICA_HEADER] as ReplicaName | undefined;
    if (!replica || !REPLICA_NAMES.includes(replica)) throw new Error(`no ${REPLICA_HEADER} header on ${method} ${path}`);
    served.push({ replica, method, path, status: answer.statusCode });
    return { ...answer, replica };
  };
  const steer = async (name: ReplicaName) => {
    // The last N answers are N distinct replicas in the rotation's order, and the next request goes to the first of
    // them again. The order is learnt, not assumed: HAProxy reorders its round robin when a replica leaves and comes
    // back (the rolling restart test restarts them all).
    const seen: ReplicaName[] = [];
    for (let i = 0; i < 3 * REPLICA_NAMES.length; i++) {
      seen.push((await inject({ url: '/api/health' })).replica);
      const cycle = seen.slice(-REPLICA_NAMES.length);
      if (cycle.length === REPLICA_NAMES.length && new Set(cycle).size === REPLICA_NAMES.length && cycle[0] === name) return;
    }
    throw new Error(`the load balancer's rotation did not settle before ${name} in ${seen.length} requests: ${seen.join(' ')}`);
  };
  // The helpers call only `inject` on the app; the cast is the adapter's whole point.
  const app = { inject } as unknown as FastifyInstance;
  return { app, inject, served, steer };
}
