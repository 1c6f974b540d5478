/**
 * bench:start — how fast `npm start` serves and how much memory it holds, beside a bare Fastify server started the
 * same way in the same run (node's own start-up and the machine's speed, which the product cannot go below).
 *
 * - first start: a fresh clone's (no web build, no server build, no data folder), the build included;
 * - restart: the same folders again (nothing to build; the database and the chain restored from the data folder);
 * - external: the compiled API (`node apps/api/dist/server.js`) on the PostgreSQL at DATABASE_URL (a database of its
 *   own) and a standalone localnet as its RPC, as a production replica runs; only with DATABASE_URL
 *   (`scripts/with-postgres.sh npm run bench:start`), otherwise reported as not measured;
 * - memory: peak RSS (VmHWM) of each server process, and RSS after `--idle` seconds of idling (the embedded server
 *   after a restart, and the external API), with its anonymous and file-backed parts (/proc/<pid>/smaps_rollup).
 * Each start is timed from the spawn to the first 200 from /api/health.
 * Flags: --runs=5 --idle=60. Exits TARGET_MISSED_EXIT when a target is missed or not measured.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TARGET_MISSED_EXIT, loadLine, numberFlag, onExit, parseFlags, percentile, ratio, runBench, step } from '@jelly/bench-kit';
import { createTestDatabase } from '../test/helpers/test-database.ts';
import { memoryMb, phases, printed, startAndWait, startExternalChain, stop, type Memory } from './start-processes.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BUILD_OUTPUTS = [join(ROOT, 'apps/web/dist'), join(ROOT, 'apps/api/dist')];
const TARGETS = { firstStartS: 8, restartS: 3, idleRssMb: 400, externalIdleRssMb: 200, peakRssMb: 600 };

const flags = parseFlags();
const runs = numberFlag(flags, 'runs', 5);
const idleS = numberFlag(flags, 'idle', 60);

const BARE = `import Fastify from 'fastify'; const app = Fastify(); app.get('/api/health', async () => ({ status: 'ok' }));
console.log('listening at ' + await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }));`;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const med = (values: number[]) => percentile(sorted(values), 50);
const spread = (values: number[], unit: string, digits = 1) =>
  `min ${sorted(values)[0]?.toFixed(digits)} median ${med(values).toFixed(digits)} max ${sorted(values).at(-1)?.toFixed(digits)} ${unit}`;
const breakdown = (m: Memory) => `RSS ${m.rss.toFixed(0)} MB (anonymous ${m.anon.toFixed(0)} MB, file-backed ${m.file.toFixed(0)} MB; peak ${m.peak.toFixed(0)} MB)`;

const { DATABASE_URL: externalDatabase, ...embeddedEnv } = process.env;

await runBench({ name: 'bench:start', limitS: 180 + runs * 180 + idleS }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'jelly-bench-start-'));
  onExit(() => void rm(dir, { recursive: true, force: true }));
  // Info logs (startAndWait's default): the server's startupMs line says where each start's time went.
  const dataEnv = { ...embeddedEnv, DATA_DIR: join(dir, 'data') };
  const bare: number[] = [];
  const bareRss: number[] = [];
  const first: number[] = [];
  const firstPeak: number[] = [];
  const restart: number[] = [];
  const restartPeak: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await step(`bare Fastify start ${run + 1}`, 30, async () => {
      const s = await startAndWait(ROOT, ['--input-type=module', '-e', BARE], embeddedEnv, '/api/health');
      bare.push(s.readyS);
      bareRss.push(memoryMb(s.process.pid).rss);
      await stop(s);
    });
    await step(`first start ${run + 1} (build included)`, 240, async () => {
      for (const out of [...BUILD_OUTPUTS, join(dir, 'data')]) await rm(out, { recursive: true, force: true });
      const s = await startAndWait(ROOT, ['scripts/start.mjs'], dataEnv, '/api/health');
      first.push(s.readyS);
      await printed(s, '"startupMs"');
      console.log(`[bench] run ${run + 1}: first start ${s.readyS.toFixed(1)} s (${phases(s.output())})`);
      firstPeak.push(memoryMb(s.process.pid).peak);
      await stop(s);
    });
    await step(`restart ${run + 1}`, 60, async () => {
      const s = await startAndWait(ROOT, ['scripts/start.mjs'], dataEnv, '/api/health');
      restart.push(s.readyS);
      await printed(s, '"startupMs"');
      console.log(`[bench] run ${run + 1}: restart ${s.readyS.toFixed(1)} s (${phases(s.output())})`);
      restartPeak.push(memoryMb(s.process.pid).peak);
      await stop(s);
    });
  }

  const external = externalDatabase ? await measureExternal(dir) : null;
  const idle = await step(`restart and idle ${idleS} s`, 60 + idleS, async () => {
    const s = await startAndWait(ROOT, ['scripts/start.mjs'], dataEnv, '/api/health');
    await new Promise((resolve) => setTimeout(resolve, idleS * 1000));
    const memory = memoryMb(s.process.pid);
    await stop(s);
    return memory;
  });

  const bareS = med(bare);
  const peak = Math.max(...firstPeak, ...restartPeak);
  const checks = [
    { name: `first start ≤ ${TARGETS.firstStartS} s`, value: med(first), limit: TARGETS.firstStartS, unit: 's' },
    { name: `restart ≤ ${TARGETS.restartS} s`, value: med(restart), limit: TARGETS.restartS, unit: 's' },
    { name: `embedded idle RSS ≤ ${TARGETS.idleRssMb} MB`, value: idle.rss, limit: TARGETS.idleRssMb, unit: 'MB' },
    { name: `peak RSS ≤ ${TARGETS.peakRssMb} MB`, value: peak, limit: TARGETS.peakRssMb, unit: 'MB' },
    { name: `external API idle RSS ≤ ${TARGETS.externalIdleRssMb} MB`, value: external?.idle.rss ?? Number.NaN, limit: TARGETS.externalIdleRssMb, unit: 'MB' },
  ];
  console.log(`[bench] bare Fastify start   ${spread(bare, 's', 2)}   RSS ${med(bareRss).toFixed(0)} MB`);
  console.log(`[bench] first start (build)  ${spread(first, 's')}   ${ratio(med(first), bareS)} the bare start   peak RSS ${spread(firstPeak, 'MB', 0)}`);
  console.log(`[bench] restart              ${spread(restart, 's')}   ${ratio(med(restart), bareS)} the bare start   peak RSS ${spread(restartPeak, 'MB', 0)}`);
  console.log(`[bench] idle ${idleS} s after a restart: ${breakdown(idle)}   ${ratio(idle.rss, med(bareRss))} the bare server's RSS`);
  if (external) {
    console.log(`[bench] external API start   ${spread(external.ready, 's')}   ${ratio(med(external.ready), bareS)} the bare start`);
    console.log(`[bench] external API idle ${idleS} s: ${breakdown(external.idle)}   ${ratio(external.idle.rss, med(bareRss))} the bare server's RSS`);
  } else {
    console.log('[bench] external API: not measured (needs DATABASE_URL: scripts/with-postgres.sh npm run bench:start)');
  }
  for (const c of checks) {
    const verdict = Number.isNaN(c.value) ? 'not measured' : c.value <= c.limit ? 'met' : 'NOT met';
    console.log(`[bench] target ${c.name}: ${Number.isNaN(c.value) ? '–' : c.value.toFixed(c.unit === 'MB' ? 0 : 1)} ${c.unit} ${verdict}`);
  }
  const failed = checks.filter((c) => !(c.value <= c.limit));
  console.log(`[bench] ${failed.length === 0 ? 'PASS: every target met' : `FAIL: ${failed.map((c) => c.name).join('; ')}`}`);
  console.log(`[bench] ${loadLine()}`);
  if (failed.length > 0) process.exitCode = TARGET_MISSED_EXIT;

  /** `runs` starts of the compiled API on PostgreSQL and a standalone localnet, the last one left idling. */
  async function measureExternal(work: string): Promise<{ ready: number[]; idle: Memory }> {
    const chain = await step('external chain (standalone localnet)', 90, () => startExternalChain(work));
    const { database, drop } = await createTestDatabase();
    try {
      if (database.driver !== 'postgres') throw new Error('expected a PostgreSQL database');
      const env = {
        ...embeddedEnv,
        DATABASE_URL: database.url,
        SOLANA_RPC_URL: chain.rpcUrl,
        SOLANA_WS_URL: chain.wsUrl,
        ADMIN_KEYPAIR: chain.adminFile,
        DESK_KEYPAIR: chain.deskFile,
        DATA_DIR: join(work, 'external-data'),
      };
      const ready: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const s = await step(`external API start ${run + 1}`, 60, () => startAndWait(ROOT, ['apps/api/dist/server.js'], env, '/api/health'));
        ready.push(s.readyS);
        if (run < runs - 1) await stop(s);
        else {
          const idle = await step(`external API idle ${idleS} s`, 30 + idleS, async () => {
            await new Promise((resolve) => setTimeout(resolve, idleS * 1000));
            return memoryMb(s.process.pid);
          });
          await stop(s);
          return { ready, idle };
        }
      }
      throw new Error('no external run');
    } finally {
      await drop();
      await chain.stop();
    }
  }
});
