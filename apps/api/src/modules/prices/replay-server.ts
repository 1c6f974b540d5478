/** A local HTTP server replaying recorded price-source responses (tests of the real HTTP path). */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FIXTURES = new URL('../../../test/fixtures/prices/', import.meta.url);
export const readFixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

export interface ReplayServer {
  url: string;
  /** Requests seen, by path. */
  hits: Map<string, number>;
  /** Query strings seen on the Hermes path. */
  hermesQueries: URLSearchParams[];
  /** path → [status, body]; change it to replay another response or an outage. */
  routes: Map<string, [number, string]>;
  close(): Promise<void>;
}

export async function startReplayServer(routes: Record<string, [number, string]>): Promise<ReplayServer> {
  const state = { hits: new Map<string, number>(), hermesQueries: [] as URLSearchParams[], routes: new Map(Object.entries(routes)) };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    state.hits.set(url.pathname, (state.hits.get(url.pathname) ?? 0) + 1);
    if (url.pathname === '/v2/updates/price/latest') state.hermesQueries.push(url.searchParams);
    const route = state.routes.get(url.pathname);
    if (!route) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(route[0], { 'content-type': 'application/json' }).end(route[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ...state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
