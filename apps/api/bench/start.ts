/**
 * bench:start — how fast `npm start` serves and how much memory it holds, beside a bare Fastify server started the
 * same way in the same run (node's own start-up and the machine's speed, which the product cannot go below).
 *
 * - first start: a fresh clone's (no web build, no server build, no data folder), the build included;
 * - restart: the same folders again (nothing to build; the database and the chain restored from the data folder);
 * - memory: peak RSS (VmHWM) of the server process, and RSS after `--idle` seconds of idling after a restart.
 * Each start is timed from the spawn of `node scripts/start.mjs` to the first 200 from /api/health.
 * Flags: --runs=5 --idle=60. Exits TARGET_MISSED_EXIT when a target is missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TARGET_MISSED_EXIT, freePort, loadLine, numberFlag, onExit, parseFlags, percentile, ratio, runBench, step } from '@jelly/bench-kit';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BUILD_OUTPUTS = [join(ROOT, 'apps/web/dist'), join(ROOT, 'apps/api/dist')];
const TARGETS = { firstStartS: 8, restartS: 3, idleRssMb: 400, peakRssMb: 600 };

const flags = parseFlags();
const runs = numberFlag(flags, 'runs', 5);
const idleS = numberFlag(flags, 'idle', 60);

interface Started {
  child: ChildProcess;
  readyS: number;
  port: number;
}

/** Spawns `node args…` and resolves once `path` answers 200 on its port; fails at once if the process exits. */
async function startAndWait(args: string[], env: NodeJS.ProcessEnv, path: string): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const { DATABASE_URL: _embedded, ...inherited } = process.env;
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const forget = onExit(() => child.kill('SIGKILL'));
  child.once('exit', forget);
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited (${signal ?? code})`));
  for (;;) {
    if (exited) throw new Error(`the server ${exited} before it was ready`);
    const ok = await fetch(`http://127.0.0.1:${port}${path}`).then((r) => r.ok, () => false);
    if (ok) return { child, readyS: (performance.now() - started) / 1000, port };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const BARE = `import Fastify from 'fastify'; const app = Fastify(); app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;

const spread = (values: number[], unit: string, digits = 1) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `min ${sorted[0]?.toFixed(digits)} median ${percentile(sorted, 50).toFixed(digits)} max ${sorted.at(-1)?.toFixed(digits)} ${unit}`;
};

await runBench({ name: 'bench:start', limitS: 120 + runs * 150 + idleS }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'jelly-bench-start-'));
  onExit(() => void rm(dataDir, { recursive: true, force: true }));
  const bare: number[] = [];
  const bareRss: number[] = [];
  const first: number[] = [];
  const firstPeak: number[] = [];
  const restart: number[] = [];
  const restartPeak: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await step(`bare Fastify start ${run + 1}`, 30, async () => {
      const s = await startAndWait(['--input-type=module', '-e', BARE], {}, '/api/health');
      bare.push(s.readyS);
      bareRss.push(memoryMb(s.child.pid ?? -1).rss);
      await stop(s.child);
    });
    await step(`first start ${run + 1} (build included)`, 240, async () => {
      for (const dir of [...BUILD_OUTPUTS, join(dataDir, 'data')]) await rm(dir, { recursive: true, force: true });
      const s = await startAndWait(['scripts/start.mjs'], { DATA_DIR: join(dataDir, 'data') }, '/api/health');
      first.push(s.readyS);
      console.log(`[bench] run ${run + 1}: first start ${s.readyS.toFixed(1)} s`);
      firstPeak.push(memoryMb(s.child.pid ?? -1).peak);
      await stop(s.child);
    });
    await step(`restart ${run + 1}`, 60, async () => {
      const s = await startAndWait(['scripts/start.mjs'], { DATA_DIR: join(dataDir, 'data') }, '/api/health');
      restart.push(s.readyS);
      console.log(`[bench] run ${run + 1}: restart ${s.readyS.toFixed(1)} s`);
      restartPeak.push(memoryMb(s.child.pid ?? -1).peak);
      await stop(s.child);
    });
  }
  const idle = await step(`restart and idle ${idleS} s`, 60 + idleS, async () => {
    const s = await startAndWait(['scripts/start.mjs'], { DATA_DIR: join(dataDir, 'data') }, '/api/health');
    await new Promise((resolve) => setTimeout(resolve, idleS * 1000));
    const memory = memoryMb(s.child.pid ?? -1);
    await stop(s.child);
    return memory;
  });

  const med = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
  const bareS = med(bare);
  const checks = [
    { name: `first start ≤ ${TARGETS.firstStartS} s`, value: med(first), ok: med(first) <= TARGETS.firstStartS },
    { name: `restart ≤ ${TARGETS.restartS} s`, value: med(restart), ok: med(restart) <= TARGETS.restartS },
    { name: `idle RSS ≤ ${TARGETS.idleRssMb} MB`, value: idle.rss, ok: idle.rss <= TARGETS.idleRssMb },
    { name: `peak RSS ≤ ${TARGETS.peakRssMb} MB`, value: Math.max(...firstPeak, ...restartPeak), ok: Math.max(...firstPeak, ...restartPeak) <= TARGETS.peakRssMb },
  ];
  console.log(`[bench] bare Fastify start   ${spread(bare, 's', 2)}   RSS ${med(bareRss).toFixed(0)} MB`);
  console.log(`[bench] first start (build)  ${spread(first, 's')}   ${ratio(med(first), bareS)} the bare start   peak RSS ${spread(firstPeak, 'MB', 0)}`);
  console.log(`[bench] restart              ${spread(restart, 's')}   ${ratio(med(restart), bareS)} the bare start   peak RSS ${spread(restartPeak, 'MB', 0)}`);
  console.log(`[bench] idle ${idleS} s after a restart: RSS ${idle.rss.toFixed(0)} MB (peak ${idle.peak.toFixed(0)} MB)`);
  for (const check of checks) console.log(`[bench] target ${check.name}: ${check.value.toFixed(check.name.includes('MB') ? 0 : 1)} ${check.ok ? 'met' : 'NOT met'}`);
  console.log(`[bench] ${loadLine()}`);
  if (checks.some((check) => !check.ok)) process.exitCode = TARGET_MISSED_EXIT;
});
