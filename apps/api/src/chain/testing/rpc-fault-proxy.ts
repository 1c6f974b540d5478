/**
 * A Solana JSON-RPC + WebSocket proxy that misbehaves on cue, put between the API and the localnet in the fault
 * tests. Written here because the faults a cluster shows (a 429 with Retry-After, a send that lands while its answer
 * is lost, a socket that stays open but stops notifying) are RPC-specific: a generic HTTP fault proxy cannot tell a
 * sendTransaction from a read, nor a notification from an answer. Faults are rules the test adds at exact points;
 * each applies to the next `times` matching requests, so nothing here is random. Used by the API's fault tests and by
 * the browser tests (e2e), where the page reaches it from another origin as it would a real cluster's node: it
 * answers CORS as nodes do.
 */
import { once } from 'node:events';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import bs58 from 'bs58';
import WebSocket, { WebSocketServer } from 'ws';

export type FaultAction =
  /** Answer with this HTTP status (and Retry-After when given), without forwarding. */
  | { kind: 'status'; status: number; retryAfter?: string }
  /** Never answer (the client's own time-out ends it); not forwarded. */
  | { kind: 'hang' }
  /** Forward (the node acts on it) but never answer: a send that lands after the client gave up. */
  | { kind: 'withhold' }
  /** sendTransaction only: answer its signature but do not forward (the node never sees it: a dropped packet). */
  | { kind: 'swallow' };

export interface FaultRule {
  /** JSON-RPC methods it applies to; all when absent. */
  methods?: string[];
  /** How many matching requests it applies to (default: until cleared). */
  times?: number;
  action: FaultAction;
}

export interface RpcFaultProxy {
  rpcUrl: string;
  wsUrl: string;
  /** Delay before each HTTP request is forwarded and each notification is passed on. */
  latencyMs: number;
  /** Notifications from the node are dropped while the client's socket stays open (answers still pass). */
  muteNotifications: boolean;
  add(rule: FaultRule): void;
  /** Removes every rule and answers every held (hung or withheld) request's socket by closing it. */
  clear(): void;
  /** clear(), and the counts and swallowed signatures start again from nothing (between tests). */
  reset(): void;
  /** How many requests of a method met a fault of this kind (or passed: 'pass'). */
  count(method: string, kind: FaultAction['kind'] | 'pass'): number;
  /** Resolves once `count(method, kind)` reaches `n`. */
  reached(method: string, kind: FaultAction['kind'] | 'pass', n: number): Promise<void>;
  /** Closes every client WebSocket as a network fault would. */
  dropSockets(): void;
  /** Signatures of the sends swallowed so far. */
  readonly swallowed: string[];
  /** WebSocket connections opened through the proxy so far. */
  readonly socketsOpened: number;
  close(): Promise<void>;
}

interface LiveRule extends FaultRule {
  left: number;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

function methodOf(body: string): { method: string; id: unknown; params: unknown[] } {
  try {
    const parsed = JSON.parse(body) as { method?: string; id?: unknown; params?: unknown[] } | { method?: string }[];
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    return { method: first?.method ?? '?', id: Array.isArray(parsed) ? null : parsed.id, params: Array.isArray(parsed) ? [] : (parsed.params ?? []) };
  } catch {
    return { method: '?', id: null, params: [] };
  }
}

/** The transaction's id: its first signature (base64 wire bytes: a compact length, then 64-byte signatures). */
function firstSignature(params: unknown[]): string {
  const raw = Buffer.from(String(params[0]), 'base64');
  return bs58.encode(raw.subarray(1, 65));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startRpcFaultProxy(target: { rpcUrl: string; wsUrl: string }): Promise<RpcFaultProxy> {
  const rules: LiveRule[] = [];
  const counts = new Map<string, number>();
  const events = new EventEmitter();
  const held = new Set<ServerResponse>();
  const clients = new Set<WebSocket>();
  let socketsOpened = 0;
  const swallowed: string[] = [];

  const tally = (method: string, kind: string) => {
    const key = `${method}:${kind}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    events.emit('tally');
  };
  const ruleFor = (method: string): LiveRule | undefined => {
    const rule = rules.find((r) => r.left > 0 && (!r.methods || r.methods.includes(method)));
    if (rule) rule.left -= 1;
    return rule;
  };
  const forward = async (body: string) => {
    const answer = await fetch(target.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: answer.status, text: await answer.text() };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    // A browser's JSON-RPC is cross-origin: every answer allows it, and its preflight is answered here.
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'access-control-allow-methods': 'POST', 'access-control-allow-headers': request.headers['access-control-request-headers'] ?? 'content-type' });
      response.end();
      return;
    }
    const body = await readBody(request);
    const { method, id, params } = methodOf(body);
    if (proxy.latencyMs > 0) await sleep(proxy.latencyMs);
    const rule = ruleFor(method);
    const action = rule?.action;
    tally(method, action?.kind ?? 'pass');
    if (action?.kind === 'status') {
      response.writeHead(action.status, { 'content-type': 'text/plain', ...(action.retryAfter ? { 'retry-after': action.retryAfter } : {}) });
      response.end(action.status === 429 ? 'Too Many Requests' : 'Bad Gateway');
      return;
    }
    if (action?.kind === 'hang' || action?.kind === 'withhold') {
      held.add(response);
      response.on('close', () => held.delete(response));
      if (action.kind === 'withhold') await forward(body);
      return;
    }
    if (action?.kind === 'swallow' && method === 'sendTransaction') {
      const signature = firstSignature(params);
      swallowed.push(signature);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: signature }));
      return;
    }
    const answer = await forward(body);
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.text);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  const hub = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    hub.handleUpgrade(request, socket, head, (client) => {
      socketsOpened += 1;
      clients.add(client);
      const upstream = new WebSocket(target.wsUrl);
      const queued: string[] = [];
      upstream.on('open', () => queued.splice(0).forEach((m) => upstream.send(m)));
      client.on('message', (data) => {
        const text = String(data);
        if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
        else queued.push(text);
      });
      upstream.on('message', (data) => {
        const text = String(data);
        const notification = text.includes('"method"') && !text.includes('"id"');
        if (notification && proxy.muteNotifications) return;
        void sleep(notification ? proxy.latencyMs : 0).then(() => {
          if (client.readyState === WebSocket.OPEN) client.send(text);
        });
      });
      const end = () => {
        clients.delete(client);
        client.terminate();
        upstream.terminate();
      };
      client.on('close', end);
      upstream.on('close', end);
      client.on('error', end);
      upstream.on('error', end);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;

  const proxy: RpcFaultProxy = {
    rpcUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    latencyMs: 0,
    muteNotifications: false,
    add: (rule) => rules.push({ ...rule, left: rule.times ?? Number.POSITIVE_INFINITY }),
    clear: () => {
      rules.length = 0;
      for (const response of held) response.destroy();
      held.clear();
    },
    reset: () => {
      proxy.clear();
      counts.clear();
      swallowed.length = 0;
    },
    count: (method, kind) => counts.get(`${method}:${kind}`) ?? 0,
    reached: (method, kind, n) =>
      new Promise((resolve) => {
        const check = () => {
          if (proxy.count(method, kind) < n) return;
          events.off('tally', check);
          resolve();
        };
        events.on('tally', check);
        check();
      }),
    dropSockets: () => {
      for (const client of clients) client.terminate();
    },
    swallowed,
    get socketsOpened() {
      return socketsOpened;
    },
    close: async () => {
      proxy.clear();
      for (const client of clients) client.terminate();
      hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
