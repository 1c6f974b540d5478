/**
 * The replicas bench's chat figure: `sockets` wallets (sockets/2 deals, seed-deals.ts) each open one WebSocket
 * through HAProxy, which spreads them round robin over the three replicas (the 101 answer names the replica). Chat
 * messages then leave at a fixed rate (open loop), each in a deal whose two members hold their sockets on different
 * replicas, posted through HAProxy (to whichever replica it picks); the time runs from just before the POST to the
 * frame's arrival on the other member's socket, so every push crosses PostgreSQL's NOTIFY to another process.
 * Beside each message a bare push goes through the same HAProxy to the baseline server (bare-push.ts): the same-run
 * baseline. A message that has not reached its recipient 5 s after the last one left is lost.
 */
import { expectStatus, ms, ratio, step, summarize } from '@jelly/bench-kit';
import type WebSocket from 'ws';
import { openDatabase } from '../../src/db/connect.ts';
import { signAccessToken } from '../../src/modules/auth/access-token.ts';
import type { ClusterInfo } from '../../test/cluster/cluster.ts';
import { REPLICA_HEADER } from '../../test/cluster/haproxy.ts';
import { seedDealPairs, type BenchPair } from '../seed-deals.ts';
import { connect, inBatches, type Listener } from '../socket-client.ts';
import { cpuMsOf, verdict, type Figure } from './figure.ts';

export interface SocketsSize {
  sockets: number;
  messages: number;
  rate: number;
}

export const TARGET_P99_MS = 100;
/**
 * Users come from many addresses: each socket names its client address in X-Forwarded-For (HAProxy appends its own;
 * the replicas trust 127.0.0.1), SOCKETS_PER_ADDRESS to an address, under the product's per-address cap (50).
 */
const SOCKETS_PER_ADDRESS = 40;
const clientAddress = (k: number) => {
  const a = Math.floor(k / SOCKETS_PER_ADDRESS);
  return `10.${Math.floor(a / 62500) % 250}.${Math.floor(a / 250) % 250}.${a % 250}`;
};
/** Sockets opening at once: a burst of 200 on three loaded replicas outlasts the 5 s authentication window. */
const CONNECT_CONCURRENCY = 50;
const BARE_SOCKETS = 10;
const connectLimitS = (sockets: number) => 30 + sockets / 50;
const sendLimitS = ({ messages, rate }: SocketsSize) => messages / rate + 30;
export const socketsLimitS = (size: SocketsSize) => 60 + size.sockets / 100 + connectLimitS(size.sockets) + sendLimitS(size) + 60;

export async function socketsFigure(cluster: ClusterInfo, size: SocketsSize): Promise<Figure> {
  const handle = await openDatabase({ driver: 'postgres', url: cluster.databaseUrl });
  const tokens = { jwtSecret: new TextEncoder().encode(cluster.jwtSecret), publicUrl: cluster.publicUrl, accessTokenTtlSeconds: 3600, now: () => new Date() };
  const pairs = await step(`seed ${size.sockets / 2} deals`, 60 + size.sockets / 100, () =>
    seedDealPairs(handle.db, size.sockets, async (wallet) => (await signAccessToken(tokens, { wallet, isAdmin: false })).token),
  ).finally(() => handle.close());

  // With two balancers (main.ts), sockets and requests alternate between them, as clients spread by DNS would.
  const balancer = (k: number) => cluster.urls[k % cluster.urls.length] as string;
  const ws = (k: number) => balancer(k).replace(/^http/, 'ws');
  const replicaOf = new Map<string, string>();
  const started = new Map<string, { t0: number; to: string }>();
  const latency = { chat: [] as number[], bare: [] as number[], http: [] as number[] };
  const pendingBare = new Map<string, number>();
  let lost: string | null = null;
  const onLost = (why: string) => (lost ??= why);
  // Each socket hears as its wallet: a chat frame counts only on the recipient's socket.
  const listenerOf =
    (wallet: string): Listener =>
    (message) => {
      if (message.type === 'chat.message') {
        const content = (message.message as { content: string }).content;
        const sent = started.get(content);
        if (sent && sent.to === wallet && started.delete(content)) latency.chat.push(performance.now() - sent.t0);
      } else if (message.type === 'bare') {
        const t0 = pendingBare.get(String(message.content));
        if (t0 !== undefined && pendingBare.delete(String(message.content))) latency.bare.push(performance.now() - t0);
      }
    };

  const sockets: WebSocket[] = [];
  try {
    for (let i = 0; i < BARE_SOCKETS; i += 1) sockets.push(await connect(`${ws(i)}/bare-ws?id=${i}`, null, listenerOf('bare'), onLost));
    const wallets = pairs.flatMap((p) => [
      { wallet: p.a, token: p.tokenA },
      { wallet: p.b, token: p.tokenB },
    ]);
    const connectStarted = performance.now();
    await step(`connect ${size.sockets} sockets through HAProxy`, connectLimitS(size.sockets), () =>
      inBatches(wallets, CONNECT_CONCURRENCY, async ({ wallet, token }, index) => {
        const onUpgrade = (headers: Record<string, unknown>) => replicaOf.set(wallet, String(headers[REPLICA_HEADER]));
        const headers = { 'x-forwarded-for': clientAddress(index) };
        try {
          sockets.push(await connect(`${ws(index)}/api/realtime`, token, listenerOf(wallet), onLost, { headers, onUpgrade }));
        } catch (error) {
          throw new Error(`socket ${index + 1} of ${wallets.length}: ${(error as Error).message}`);
        }
      }),
    );
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const spread = new Map<string, number>();
    for (const replica of replicaOf.values()) spread.set(replica, (spread.get(replica) ?? 0) + 1);
    const split = pairs.filter((p) => replicaOf.get(p.a) !== replicaOf.get(p.b));
    if (split.length === 0) throw new Error('no deal has its members on two replicas');

    let crossed = 0;
    const sendOne = async (k: number) => {
      const pair = split[Math.floor(Math.random() * split.length)] as BenchPair;
      const fromA = Math.random() < 0.5;
      const content = `bench-${k}`;
      const to = fromA ? pair.b : pair.a;
      const t0 = performance.now();
      started.set(content, { t0, to });
      const response = await expectStatus(`${balancer(k)}/api/chat/add-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fromA ? pair.tokenA : pair.tokenB}` },
        body: JSON.stringify({ dealId: pair.dealId, accountId: fromA ? pair.a : pair.b, content, createdAtUtc: new Date().toISOString() }),
      }, 201);
      latency.http.push(performance.now() - t0);
      if (response.headers.get(REPLICA_HEADER) !== replicaOf.get(to)) crossed += 1;
    };
    const bareOne = async (k: number) => {
      pendingBare.set(String(k), performance.now());
      const body = JSON.stringify({ to: String(k % BARE_SOCKETS), content: String(k) });
      await expectStatus(`${balancer(k)}/bare-push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }, 201);
    };
    const cpuBefore = cluster.replicas.map((r) => cpuMsOf(r.pid));
    const sendStarted = performance.now();
    await step(`send ${size.messages} messages at ${size.rate}/s`, sendLimitS(size), async () => {
      let failure: Error | null = null;
      const inFlight: Promise<void>[] = [];
      const keep = (work: Promise<void>) => inFlight.push(work.catch((error: Error) => void (failure ??= error)));
      for (let k = 0; k < size.messages && !failure && !lost; k += 1) {
        const wait = sendStarted + (k * 1000) / size.rate - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        keep(sendOne(k));
        keep(bareOne(k));
      }
      await Promise.all(inFlight);
      if (failure) throw failure;
      if (lost) throw new Error(`a socket was lost: ${lost}`);
    });
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    const deadline = performance.now() + 5000;
    while ((started.size > 0 || pendingBare.size > 0) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));

    const cpu = cluster.replicas.map((r, i) => ({ name: r.name, ms: cpuMsOf(r.pid) - (cpuBefore[i] ?? 0) }));
    const cpuTotal = cpu.reduce((sum, r) => sum + r.ms, 0);
    const chat = summarize(latency.chat);
    const bare = summarize(latency.bare);
    const http = summarize(latency.http);
    const perReplica = [...spread.entries()].sort().map(([name, n]) => `${name} ${n}`).join(', ');
    console.log(`\n── chat push, ${size.sockets} sockets behind HAProxy (3 replicas, PostgreSQL) ──`);
    console.log(`balancers: ${cluster.urls.length} HAProxy in front of the same replicas, sockets and messages alternating between them`);
    console.log(`client addresses: ${Math.ceil(size.sockets / SOCKETS_PER_ADDRESS)} (${SOCKETS_PER_ADDRESS} sockets each, X-Forwarded-For; the product's caps: 50 per address, 10 per wallet)`);
    console.log(`connected + authenticated: ${replicaOf.size} sockets in ${connectSeconds.toFixed(1)} s, per replica: ${perReplica}`);
    console.log(`${size.messages} chat messages in ${sendSeconds.toFixed(1)} s (target ${size.rate}/s) in ${split.length} deals whose members sit on two replicas; ${crossed} posted through a replica other than the recipient's`);
    console.log(`chat.message at the recipient: n=${chat.n} p50 ${ms(chat.p50)}  p95 ${ms(chat.p95)}  p99 ${ms(chat.p99)}  max ${ms(chat.max)}`);
    console.log(`baseline, bare push via HAProxy: n=${bare.n} p50 ${ms(bare.p50)}  p95 ${ms(bare.p95)}  p99 ${ms(bare.p99)}  max ${ms(bare.max)}`);
    console.log(`chat.message vs baseline:       p50 ${ratio(chat.p50, bare.p50)}  p95 ${ratio(chat.p95, bare.p95)}  p99 ${ratio(chat.p99, bare.p99)}`);
    console.log(`POST /chat/add-messages:        p50 ${ms(http.p50)}  p99 ${ms(http.p99)}`);
    // What one message costs the replicas, whatever the machine's load: above 2 × 1000/rate ms two cores cannot keep up.
    console.log(`replica CPU per message:        ${ms(cpuTotal / size.messages)} (${cpu.map((r) => `${r.name} ${ms(r.ms / size.messages)}`).join(', ')}; all they did while the messages ran)`);
    console.log(`lost: ${started.size} chat messages never reached their recipient (baseline: ${pendingBare.size})`);
    const met = chat.p99 <= TARGET_P99_MS && started.size === 0 && chat.n > 0;
    return {
      name: `chat push p99, ${size.sockets} sockets`,
      line: `${ms(chat.p99)} vs bare push ${ms(bare.p99)} (${ratio(chat.p99, bare.p99)}), lost ${started.size}; target ≤ ${TARGET_P99_MS} ms, 0 lost: ${verdict(met)}`,
      met,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}
