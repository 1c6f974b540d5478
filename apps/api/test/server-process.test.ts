import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const buildScript = fileURLToPath(new URL('../../../scripts/build.mjs', import.meta.url));
// `npm start` runs the server compiled into one file (scripts/build.mjs); this test builds its own copy under dist/.
const bundleDir = join(apiDir, 'dist', `test-${process.pid}`);
const bundle = join(bundleDir, 'server.js');
const children: ChildProcess[] = [];
const dirs: string[] = [bundleDir];

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [buildScript, '--server-bundle', bundle]);
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Starts the compiled server as `npm start` does (no transpiler), and waits for its "listening" log line. */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [bundle], {
    cwd: apiDir,
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 80_000);
    const check = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, url, output: () => output };
}

describe('server process', () => {
  it('starts from the environment, serves the API, and on SIGTERM drains (not ready, still serving) then exits 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'jelly-server-'));
    dirs.push(dataDir);
    const server = await startServer({ DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web'), SHUTDOWN_DRAIN_SECONDS: '6' });

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok', rpc: 'ok' });
    expect(await (await fetch(`${server.url}/api/health/live`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${server.url}/`)).status).toBe(503);
    // Files shipped beside the code are found from the bundle too: migrations ran (a table read), the icons and the
    // bundled price table load.
    const offers = await fetch(`${server.url}/api/platform/all-new-offers-unath`);
    expect(offers.status).toBe(200);
    const icon = await fetch(`${server.url}/api/assets/coins/usdc.svg`);
    expect(icon.status).toBe(200);
    expect(await icon.text()).toContain('<svg');
    const price = await fetch(`${server.url}/api/platform/price-validation?fiatCode=USD&cryptoSymbol=SOL`);
    expect(price.status).toBe(200);
    expect(Number((await price.json() as { cryptoPriceUsd: string }).cryptoPriceUsd)).toBeGreaterThan(0);

    const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
    server.child.kill('SIGTERM');
    // Draining (once the signal is handled): a balancer's check now fails, while requests are still answered.
    await vi.waitFor(async () => {
      const draining = await fetch(`${server.url}/api/health`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({ status: 'draining', db: 'ok', rpc: 'ok' });
    }, { timeout: 4_000, interval: 50 });
    expect((await fetch(`${server.url}/api/platform/all-new-offers-unath`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    expect(await exited).toBe(0);
    const lines = server.output().split('\n').filter((line) => line.startsWith('{'));
    expect(lines.some((line) => line.includes('"msg":"draining: reporting not ready, still serving"'))).toBe(true);
    expect(lines.some((line) => line.includes('"msg":"shut down"'))).toBe(true);
  }, 90_000);

  it('refuses to start with a clear message when the configuration is invalid', async () => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, [bundle], {
      cwd: apiDir,
      env: { ...inherited, ADMIN_WALLETS: 'nope', DATA_DIR: join(tmpdir(), 'jelly-never-created') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('ADMIN_WALLETS must be comma-separated base58 Solana addresses');
  });
});
