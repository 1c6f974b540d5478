/**
 * npm run bench:realtime -w @jelly/api [-- 1000,5000 [messages] [messages per second]]
 *
 * Delivery latency of realtime pushes with N connected sockets: the API runs in a child process (its memory alone
 * is measured); this process opens N WebSockets (one per wallet, N/2 deals), then posts chat messages through the
 * real HTTP endpoint and times, for each, the moment the other party's socket receives `chat.message` (and the
 * `notification.created` the server writes for it, when the throttle lets one through). Time runs from just before
 * the POST to the frame's arrival: the whole path (HTTP, transaction, trigger, NOTIFY, LISTEN, load, push).
 * Messages leave at a fixed rate (open loop, default 50/s), as users would send them, not as fast as possible.
 * DATABASE_URL set = a fresh database on that PostgreSQL server; unset = in-memory PGlite.
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { BenchPair, ServerReply } from './realtime-server.ts';

const counts = (process.argv[2] ?? '1000,5000').split(',').map(Number);
const messagesPerRun = Number(process.argv[3] ?? '2000');
const ratePerSecond = Number(process.argv[4] ?? '50');
const CONNECT_CONCURRENCY = 200;
const TARGET = 300;

interface Server {
  port: number;
  pairs: BenchPair[];
  database: string;
  memory: () => Promise<Extract<ServerReply, { type: 'memory' }>>;
  stop: () => Promise<void>;
}

async function startServer(sockets: number): Promise<Server> {
  const child = fork(fileURLToPath(new URL('./realtime-server.ts', import.meta.url)), [String(sockets)], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiters: ((reply: ServerReply) => void)[] = [];
  child.on('message', (reply: ServerReply) => waiters.shift()?.(reply));
  const next = () => new Promise<ServerReply>((resolve) => waiters.push(resolve));
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('server did not start');
  return {
    ...ready,
    memory: async () => {
      const reply = next();
      child.send({ type: 'memory' });
      const memory = await reply;
      if (memory.type !== 'memory') throw new Error('unexpected reply');
      return memory;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
  };
}

type Listener = (message: { type: string; [key: string]: unknown }) => void;

async function connect(url: string, token: string, listener: Listener): Promise<WebSocket> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string };
      if (message.type === 'ready') resolve();
      else listener(message);
    });
  });
  return socket;
}

async function inBatches<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
};

async function run(socketCount: number): Promise<void> {
  const server = await startServer(socketCount);
  const base = `http://127.0.0.1:${server.port}`;
  const wsUrl = `ws://127.0.0.1:${server.port}/api/realtime`;
  const before = await server.memory();

  const pendingChat = new Map<string, number>();
  const pendingNotice = new Map<string, number>();
  const chatLatency: number[] = [];
  const noticeLatency: number[] = [];
  const listener: Listener = (message) => {
    const at = performance.now();
    if (message.type === 'chat.message') {
      const content = (message.message as { content: string }).content;
      const started = pendingChat.get(content);
      if (started !== undefined) {
        chatLatency.push(at - started);
        pendingChat.delete(content);
      }
    } else if (message.type === 'notification.created') {
      const text = (message.notification as { message: string }).message;
      const key = /: (bench-\d+)$/.exec(text)?.[1];
      const started = key ? pendingNotice.get(key) : undefined;
      if (key && started !== undefined) {
        noticeLatency.push(at - started);
        pendingNotice.delete(key);
      }
    }
  };

  const sockets: WebSocket[] = [];
  const wallets = server.pairs.flatMap((pair) => [pair.tokenA, pair.tokenB]);
  const connectStarted = performance.now();
  await inBatches(wallets, CONNECT_CONCURRENCY, async (token) => {
    sockets.push(await connect(wsUrl, token, listener));
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const after = await server.memory();

  const httpLatency: number[] = [];
  const sendStarted = performance.now();
  const sendOne = async (k: number) => {
    const pair = server.pairs[Math.floor(Math.random() * server.pairs.length)] as BenchPair;
    const fromA = Math.random() < 0.5;
    const content = `bench-${k}`;
    const started = performance.now();
    pendingChat.set(content, started);
    pendingNotice.set(content, started);
    const response = await fetch(`${base}/api/chat/add-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fromA ? pair.tokenA : pair.tokenB}` },
      body: JSON.stringify({ dealId: pair.dealId, accountId: fromA ? pair.a : pair.b, content, createdAtUtc: new Date().toISOString() }),
    });
    httpLatency.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`add-messages answered ${response.status}: ${await response.text()}`);
  };
  const inFlight: Promise<void>[] = [];
  for (let k = 0; k < messagesPerRun; k += 1) {
    const due = sendStarted + (k * 1000) / ratePerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(sendOne(k));
  }
  await Promise.all(inFlight);
  const sendSeconds = (performance.now() - sendStarted) / 1000;
  // Let the last pushes arrive.
  const deadline = performance.now() + 5000;
  while (pendingChat.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));

  const chat = summary(chatLatency);
  const notice = summary(noticeLatency);
  const http = summary(httpLatency);
  const perSocketRss = (after.rss - before.rss) / socketCount;
  const perSocketHeap = (after.heapUsed + after.external - before.heapUsed - before.external) / socketCount;
  console.log(`\n── ${socketCount} sockets (${server.database}) ──`);
  console.log(`connected + authenticated: ${after.sockets} sockets in ${connectSeconds.toFixed(1)} s`);
  console.log(`server memory per socket: ${(perSocketRss / 1024).toFixed(1)} KiB RSS, ${(perSocketHeap / 1024).toFixed(1)} KiB heap+external`);
  console.log(`${messagesPerRun} chat messages in ${sendSeconds.toFixed(1)} s (target ${ratePerSecond}/s, achieved ${(messagesPerRun / sendSeconds).toFixed(0)}/s)`);
  console.log(`chat.message delivery:         n=${chat.n} p50 ${ms(chat.p50)}  p95 ${ms(chat.p95)}  p99 ${ms(chat.p99)}  max ${ms(chat.max)}`);
  console.log(`notification.created delivery: n=${notice.n} p50 ${ms(notice.p50)}  p95 ${ms(notice.p95)}  p99 ${ms(notice.p99)}`);
  console.log(`POST /chat/add-messages:       p50 ${ms(http.p50)}  p99 ${ms(http.p99)}`);
  console.log(`lost: ${pendingChat.size} chat messages never arrived`);
  console.log(`target p95 < ${TARGET} ms: ${chat.p95 < TARGET && pendingChat.size === 0 ? 'met' : 'NOT met'}`);

  for (const socket of sockets) socket.terminate();
  await server.stop();
}

for (const count of counts) await run(count);
