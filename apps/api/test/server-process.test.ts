import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startProcess, type StartedProcess } from '@jelly/bench-kit/process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const buildScript = fileURLToPath(new URL('../../../scripts/build.mjs', import.meta.url));
// `npm start` runs the server compiled into one file (scripts/build.mjs); this test builds its own copy under dist/.
const bundleDir = join(apiDir, 'dist', `test-${process.pid}`);
const bundle = join(bundleDir, 'server.js');
const children: StartedProcess[] = [];
const dirs: string[] = [bundleDir];

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [buildScript, '--server-bundle', bundle]);
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Starts the compiled server as `npm start` does (no transpiler), and waits for its "listening" log line. */
async function startServer(env: Record<string, string>): Promise<{ server: StartedProcess<RegExpExecArray>; url: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const server = await startProcess({
    name: 'the server',
    command: process.execPath,
    args: [bundle],
    cwd: apiDir,
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', ...env },
    ready: { line: /Server listening at (http:\/\/127\.0\.0\.1:\d+)/, stream: 'stdout' },
    readyWithinMs: 80_000,
  });
  children.push(server);
  return { server, url: server.ready[1] ?? '' };
}

describe('server process', () => {
  it('starts from the environment, serves the API, and on SIGTERM drains (not ready, still serving) then exits 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'jelly-server-'));
    dirs.push(dataDir);
    const { server, url } = await startServer({ DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web'), SHUTDOWN_DRAIN_SECONDS: '6' });

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok', rpc: 'ok' });
    expect(await (await fetch(`${url}/api/health/live`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${url}/`)).status).toBe(503);
    // Files shipped beside the code are found from the bundle too: migrations ran (a table read), the icons and the
    // bundled price table load.
    const offers = await fetch(`${url}/api/platform/all-new-offers-unath`);
    expect(offers.status).toBe(200);
    const icon = await fetch(`${url}/api/assets/coins/usdc.svg`);
    expect(icon.status).toBe(200);
    expect(await icon.text()).toContain('<svg');
    const price = await fetch(`${url}/api/platform/price-validation?fiatCode=USD&cryptoSymbol=SOL`);
    expect(price.status).toBe(200);
    expect(Number((await price.json() as { cryptoPriceUsd: string }).cryptoPriceUsd)).toBeGreaterThan(0);

    server.kill('SIGTERM');
    // Draining (once the signal is handled): a balancer's check now fails, while requests are still answered.
    await vi.waitFor(async () => {
      const draining = await fetch(`${url}/api/health`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({ status: 'draining', db: 'ok', rpc: 'ok' });
    }, { timeout: 4_000, interval: 50 });
    expect((await fetch(`${url}/api/platform/all-new-offers-unath`)).status).toBe(200);
    expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
    expect((await server.exited).code).toBe(0);
    const lines = server.output().split('\n').filter((line) => line.startsWith('{'));
    expect(lines.some((line) => line.includes('"msg":"draining: reporting not ready, still serving"'))).toBe(true);
    expect(lines.some((line) => line.includes('"msg":"shut down"'))).toBe(true);
  }, 90_000);

  it('refuses to start with a clear message when the configuration is invalid', async () => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const server = await startProcess({
      name: 'the server',
      command: process.execPath,
      args: [bundle],
      cwd: apiDir,
      env: { ...inherited, ADMIN_WALLETS: 'nope', DATA_DIR: join(tmpdir(), 'jelly-never-created') },
    });
    children.push(server);
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output('stderr')).toContain('ADMIN_WALLETS must be comma-separated base58 Solana addresses');
  });
});
