import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { refreshCookieName } from '../src/modules/auth/index.ts';
import { refreshCookieOf, signIn } from './helpers/sign-in.ts';
import { createWallet } from './helpers/wallet.ts';

/** Two servers from the same environment except PORT and DATA_DIR, each on its own on-disk PGlite. */
let root: string;
const servers: { config: AppConfig; app: FastifyInstance; url: string }[] = [];

async function start(port: string, dataDir: string) {
  const config = await loadConfig({ PORT: port, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'silent' }, root);
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { config, app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'jelly-two-'));
  servers.push(await start('18081', 'data-a'), await start('18082', 'data-b'));
});
afterAll(async () => {
  for (const server of servers) await server.app.close();
  await rm(root, { recursive: true, force: true });
});

describe('two servers side by side', () => {
  it('keep separate databases, secrets and sessions', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    expect(a.config.dataDir).not.toBe(b.config.dataDir);
    expect(Buffer.from(a.config.jwtSecret).equals(Buffer.from(b.config.jwtSecret))).toBe(false);

    const wallet = createWallet();
    const { body, response } = await signIn(a.app, wallet);
    const meOn = (server: typeof a) =>
      fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${body.accessToken}` } });
    expect((await meOn(a)).status).toBe(200);
    expect((await meOn(b)).status).toBe(401);

    const refreshOnB = await fetch(`${b.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `${refreshCookieName(b.config)}=${refreshCookieOf(response).value}` },
    });
    expect(refreshOnB.status).toBe(401);

    const health = await Promise.all([fetch(`${a.url}/api/health`), fetch(`${b.url}/api/health`)]);
    expect(health.map((r) => r.status)).toEqual([200, 200]);
  });

  it('refuses a second server on a data folder that is in use', async () => {
    await expect(start('18083', 'data-b')).rejects.toThrow(/in use by process \d+\. Give each server its own DATA_DIR/);
  });

  it('keep users and sessions across a restart on the same data folder', async () => {
    const a = servers[0] as (typeof servers)[0];
    const wallet = createWallet();
    const { body, response } = await signIn(a.app, wallet);
    const before = await fetch(`${a.url}/api/auth/me`, { headers: { authorization: `Bearer ${body.accessToken}` } });
    const { createdAt } = (await before.json()) as { createdAt: string };

    await a.app.close();
    const restarted = await start('18081', 'data-a');
    servers[0] = restarted;

    const me = await fetch(`${restarted.url}/api/auth/me`, { headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ wallet: wallet.address, createdAt });
    const cookie = refreshCookieOf(response);
    const refreshed = await fetch(`${restarted.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(refreshed.status).toBe(200);
  });
});
