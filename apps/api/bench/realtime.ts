/**
 * npm run bench:realtime -w @jelly/api [-- 1000,5000 [messages] [messages per second] [offers]]
 *
 * Delivery latency of realtime pushes with N connected sockets: the API runs in a child process (its memory alone
 * is measured); this process opens N WebSockets (one per wallet, N/2 deals), then posts chat messages through the
 * real HTTP endpoint and times, for each, the moment the other party's socket receives `chat.message` (and the
 * `notification.created` the server writes for it, when the throttle lets one through). Time runs from just before
 * the POST to the frame's arrival: the whole path (HTTP, transaction, trigger, NOTIFY, LISTEN, load, push).
 * Messages leave at a fixed rate (open loop, default 50/s), as users would send them, not as fast as possible.
 * Beside each message, a bare push (bare-push.ts, its own process) is timed the same way: the same-run baseline.
 * With the sockets open and the market seeded (default 10,000 offers; on PostgreSQL), the operators' GET /metrics is timed beside
 * GET /api/health/live, one after the other (its baseline: the same server, the same moment).
 * DATABASE_URL set = a fresh database on that PostgreSQL server; unset = in-memory PGlite.
 *
 * All sockets come from one address: the server runs with the bench profile (realtime-server.ts) that lets exactly
 * that many in. A socket the server refuses or closes fails the bench at once, with the close code and reason.
 */
import { fileURLToPath } from 'node:url';
import { expectStatus, loadLine, ms, ratio, runBench, startChild, step, summarize, type BenchChild } from '@jelly/bench-kit';
import type WebSocket from 'ws';
import type { ServerMemory, ServerReady } from './realtime-server.ts';
import type { BenchPair } from './seed-deals.ts';
import { connect, inBatches, type Listener } from './socket-client.ts';

const counts = (process.argv[2] ?? '1000,5000').split(',').map(Number);
const messagesPerRun = Number(process.argv[3] ?? '2000');
const ratePerSecond = Number(process.argv[4] ?? '50');
const offerCount = Number(process.argv[5] ?? '10000');
const SCRAPES = 50;
const CONNECT_CONCURRENCY = 200;
const BARE_SOCKETS = 10;
/** The targets set for 1,000 sockets on PostgreSQL at 50 messages a second (with nothing lost). */
const TARGETS = { p95: 300, p99: 100 };
/** Seconds one size may take: the server's seeding, the connects, the messages at their rate, and room to stop. */
const startLimitS = (sockets: number) => 60 + sockets / 20;
const connectLimitS = (sockets: number) => 30 + sockets / 50;
const sendLimitS = () => messagesPerRun / ratePerSecond + 30;
const runLimitS = (sockets: number) => startLimitS(sockets) + connectLimitS(sockets) + sendLimitS() + 60;

async function run(socketCount: number): Promise<void> {
  const bare = await startChild<{ port: number }>({
    name: 'bare push server',
    script: fileURLToPath(new URL('./bare-push.ts', import.meta.url)),
    readyWithinS: 60,
  });
  const server: BenchChild<ServerReady> = await startChild<ServerReady>({
    name: 'realtime server',
    script: fileURLToPath(new URL('./realtime-server.ts', import.meta.url)),
    args: [String(socketCount), String(offerCount)],
    nodeFlags: ['--expose-gc'],
    readyWithinS: startLimitS(socketCount),
  });
  try {
    await measure(server, bare.ready.port, socketCount);
  } finally {
    await step('stop the servers', 20, () => Promise.all([server.stop(), bare.stop()]));
  }
}

async function measure(server: BenchChild<ServerReady>, barePort: number, socketCount: number): Promise<void> {
  const { port, pairs, database, security, offers } = server.ready;
  const base = `http://127.0.0.1:${port}`;
  const bareBase = `http://127.0.0.1:${barePort}`;
  const started = new Map<string, number>();
  const pendingChat = new Set<string>();
  const pendingNotice = new Set<string>();
  const pendingBare = new Set<string>();
  const latency = { chat: [] as number[], notice: [] as number[], bare: [] as number[], http: [] as number[] };
  const arrived = (pending: Set<string>, into: number[], key: string | undefined) => {
    const t0 = key === undefined ? undefined : started.get(key);
    if (key === undefined || t0 === undefined || !pending.delete(key)) return;
    into.push(performance.now() - t0);
  };
  const listener: Listener = (message) => {
    if (message.type === 'chat.message') arrived(pendingChat, latency.chat, (message.message as { content: string }).content);
    else if (message.type === 'notification.created') {
      arrived(pendingNotice, latency.notice, /: (bench-\d+)$/.exec((message.notification as { message: string }).message)?.[1]);
    } else if (message.type === 'bare') arrived(pendingBare, latency.bare, `bare-${String(message.content)}`);
  };
  // A socket closed by the server during the run loses its messages: the run stops at once and says why.
  let lost: string | null = null;
  const onLost = (why: string) => (lost ??= why);

  const sockets: WebSocket[] = [];
  try {
    for (let i = 0; i < BARE_SOCKETS; i += 1) sockets.push(await connect(`ws://127.0.0.1:${barePort}/bare-ws?id=${i}`, null, listener, onLost));
    const before = await server.request<ServerMemory>({ type: 'memory' }, 30);
    const wallets = pairs.flatMap((pair) => [pair.tokenA, pair.tokenB]);
    const connectStarted = performance.now();
    await step(`connect ${socketCount} sockets`, connectLimitS(socketCount), () =>
      inBatches(wallets, CONNECT_CONCURRENCY, async (token, index) => {
        try {
          sockets.push(await connect(`ws://127.0.0.1:${port}/api/realtime`, token, listener, onLost));
        } catch (error) {
          throw new Error(`socket ${index + 1} of ${wallets.length}: ${(error as Error).message}`);
        }
      }),
    );
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const after = await server.request<ServerMemory>({ type: 'memory' }, 30);
    const scrapes = await step(`${SCRAPES} scrapes of /metrics`, 120, () => timeScrapes(base));

    const sendOne = async (k: number) => {
      const pair = pairs[Math.floor(Math.random() * pairs.length)] as BenchPair;
      const fromA = Math.random() < 0.5;
      const content = `bench-${k}`;
      const t0 = performance.now();
      started.set(content, t0);
      pendingChat.add(content);
      pendingNotice.add(content);
      await expectStatus(`${base}/api/chat/add-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fromA ? pair.tokenA : pair.tokenB}` },
        body: JSON.stringify({ dealId: pair.dealId, accountId: fromA ? pair.a : pair.b, content, createdAtUtc: new Date().toISOString() }),
      }, 201);
      latency.http.push(performance.now() - t0);
    };
    const bareOne = async (k: number) => {
      started.set(`bare-${k}`, performance.now());
      pendingBare.add(`bare-${k}`);
      const body = JSON.stringify({ to: String(k % BARE_SOCKETS), content: String(k) });
      await expectStatus(`${bareBase}/bare-push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }, 201);
    };
    const sendStarted = performance.now();
    await step(`send ${messagesPerRun} messages at ${ratePerSecond}/s`, sendLimitS(), async () => {
      // Open loop: each message leaves at its time whatever the others do; the first failure stops the loop.
      let failure: Error | null = null;
      const inFlight: Promise<void>[] = [];
      const keep = (work: Promise<void>) => inFlight.push(work.catch((error: Error) => void (failure ??= error)));
      for (let k = 0; k < messagesPerRun && !failure && !lost; k += 1) {
        const wait = sendStarted + (k * 1000) / ratePerSecond - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        keep(sendOne(k));
        keep(bareOne(k));
      }
      await Promise.all(inFlight);
      if (failure) throw failure;
      if (lost) throw new Error(`a socket was lost: ${lost}`);
    });
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    // The last pushes get 5 s to arrive; what has not arrived by then is counted as lost.
    const deadline = performance.now() + 5000;
    while ((pendingChat.size > 0 || pendingBare.size > 0) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const end = await server.request<ServerMemory>({ type: 'memory' }, 30);

    const chat = summarize(latency.chat);
    const notice = summarize(latency.notice);
    const bare = summarize(latency.bare);
    const http = summarize(latency.http);
    const perSocketRss = (after.rss - before.rss) / socketCount;
    const perSocketHeap = (after.heapUsed + after.external - before.heapUsed - before.external) / socketCount;
    console.log(`\n── ${socketCount} sockets (${database}) ──`);
    console.log(`bench profile: at most ${security.socketsPerIp} sockets from one address (the product's default is 50)`);
    console.log(`connected + authenticated: ${after.sockets} sockets in ${connectSeconds.toFixed(1)} s`);
    console.log(`server memory per socket: ${(perSocketRss / 1024).toFixed(1)} KiB RSS, ${(perSocketHeap / 1024).toFixed(1)} KiB heap+external`);
    console.log(`${messagesPerRun} chat messages in ${sendSeconds.toFixed(1)} s (target ${ratePerSecond}/s, achieved ${(messagesPerRun / sendSeconds).toFixed(0)}/s)`);
    console.log(`chat.message delivery:         n=${chat.n} p50 ${ms(chat.p50)}  p95 ${ms(chat.p95)}  p99 ${ms(chat.p99)}  max ${ms(chat.max)}`);
    console.log(`notification.created delivery: n=${notice.n} p50 ${ms(notice.p50)}  p95 ${ms(notice.p95)}  p99 ${ms(notice.p99)}`);
    console.log(`baseline, bare HTTP → push:    n=${bare.n} p50 ${ms(bare.p50)}  p95 ${ms(bare.p95)}  p99 ${ms(bare.p99)}  max ${ms(bare.max)}`);
    console.log(`chat.message vs baseline:      p50 ${ratio(chat.p50, bare.p50)}  p95 ${ratio(chat.p95, bare.p95)}  p99 ${ratio(chat.p99, bare.p99)}`);
    console.log(`POST /chat/add-messages:       p50 ${ms(http.p50)}  p99 ${ms(http.p99)}`);
    // What one message costs the API process, whatever the machine's load: above 1000/rate ms it cannot keep up.
    console.log(`server CPU per message:        ${ms((end.cpuMs - after.cpuMs) / messagesPerRun)} (all it did while the messages ran, over ${messagesPerRun})`);
    console.log(
      `GET /metrics (${after.sockets} sockets, ${offers} offers): p50 ${ms(scrapes.metrics.p50)}  p99 ${ms(scrapes.metrics.p99)}; ` +
        `GET /api/health/live: p50 ${ms(scrapes.live.p50)}  p99 ${ms(scrapes.live.p99)}; vs live: p50 ${ratio(scrapes.metrics.p50, scrapes.live.p50)}`,
    );
    console.log(`lost: ${pendingChat.size} chat messages never arrived (baseline: ${pendingBare.size})`);
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `targets: p95 ≤ ${TARGETS.p95} ms ${verdict(chat.p95 <= TARGETS.p95)}; p99 ≤ ${TARGETS.p99} ms ${verdict(chat.p99 <= TARGETS.p99)}; ` +
        `0 lost ${verdict(pendingChat.size === 0)}`,
    );
    console.log(loadLine());
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}

/** /metrics and /api/health/live, alternately, each answered in full before the next. */
async function timeScrapes(base: string) {
  const times = { metrics: [] as number[], live: [] as number[] };
  for (let i = 0; i < SCRAPES; i += 1) {
    for (const [key, path] of [['metrics', '/metrics'], ['live', '/api/health/live']] as const) {
      const t0 = performance.now();
      const response = await fetch(`${base}${path}`);
      await response.text();
      if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
      times[key].push(performance.now() - t0);
    }
  }
  return { metrics: summarize(times.metrics), live: summarize(times.live) };
}

await runBench({ name: 'bench:realtime', limitS: counts.reduce((sum, n) => sum + runLimitS(n), 0) }, async () => {
  for (const count of counts) await step(`${count} sockets`, runLimitS(count), () => run(count));
});
