import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntervalJobs } from '../src/lib/interval-job.ts';
import { redactUrl } from '../src/plugins/logging.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { refreshCookieOf, requestNonce } from './helpers/sign-in.ts';
import { createWallet } from './helpers/wallet.ts';

const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: { logLevel: 'trace' },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
    extend: (app) => {
      // A route whose query fails on what the user typed (the database quotes it in its error).
      app.post('/api/test/failing-query', async (request) => {
        await app.db.execute(sql`select ${(request.body as { text: string }).text}::int`);
        return { ok: true };
      });
      // A careless route that logs what it should not; redaction must still catch it.
      app.post('/api/test/careless', async (request) => {
        request.log.info({ headers: request.headers, body: request.body }, 'careless log');
        return { ok: true };
      });
      // Shared code logs through the app's logger (a service built once): its lines still name the request.
      const logEveryWay = async (request: FastifyRequest, marker: string) => {
        await app.db.execute(sql`select 1`);
        app.log.info({ marker }, 'app logger in a request');
        app.log.child({ part: 'service' }).warn({ marker }, 'child of the app logger in a request');
        request.log.info({ marker }, 'request logger');
        return { ok: true };
      };
      app.get('/api/test/app-log', async (request) => logEveryWay(request, 'read'));
      app.post('/api/test/app-log', async (request) => logEveryWay(request, (request.body as { marker: string }).marker));
      // A route with its own level: its request logger gets it, the server's other routes keep theirs.
      app.get('/api/test/quiet', { logLevel: 'warn' }, async (request) => {
        request.log.info('quiet info');
        request.log.warn('quiet warning');
        return { ok: true };
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('request logging', () => {
  it('does not write what the user typed when a query fails (bound values, database messages)', async () => {
    const secret = 'my private chat text about the bank transfer';
    const response = await t.app.inject({ method: 'POST', url: '/api/test/failing-query', payload: { text: secret } });
    expect(response.statusCode).toBe(500);
    const everything = logLines.join('');
    expect(everything).toContain('request failed');
    expect(everything).not.toContain('bank transfer');
  });

  it('never writes tokens, signatures, cookies or the JWT secret', async () => {
    const wallet = createWallet();
    const nonce = await requestNonce(t.app, wallet.address);
    const signature = wallet.sign(nonce.message);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { network: 'sol', wallet: wallet.address, nonce: nonce.nonce, signature },
    });
    expect(signedIn.statusCode).toBe(200);
    const { accessToken } = signedIn.json<{ accessToken: string }>();
    const cookie = refreshCookieOf(signedIn);
    const refreshToken = cookie.value;
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    const newRefreshToken = refreshCookieOf(refreshed).value;
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
    await t.app.inject({
      method: 'POST',
      url: '/api/test/careless',
      headers: { authorization: `Bearer ${accessToken}`, cookie: `${cookie.name}=${newRefreshToken}` },
      payload: { refreshToken: newRefreshToken, signature, accessToken },
    });
    await t.app.inject({ method: 'GET', url: `/api/nope?token=${refreshToken}&signature=${signature}` });

    const everything = logLines.join('');
    expect(logLines.length).toBeGreaterThan(8);
    for (const secret of [accessToken, refreshToken, newRefreshToken, signature, Buffer.from(t.config.jwtSecret).toString('base64url')]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).toContain('[Redacted]');
    // Useful context is still there.
    expect(everything).toContain('/api/auth/me');
    expect(everything).toContain('"statusCode":200');
  });

  it('tags every line of a request with its id and echoes it in x-request-id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = logLines.filter((line) => line.includes(id)).map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('tags the lines shared code logs through the app logger while serving a request, once, bodies read or not', async () => {
    const answered = (marker: string, response: { statusCode: number; headers: Record<string, unknown> }) => ({
      marker,
      status: response.statusCode,
      id: String(response.headers['x-request-id']),
    });
    const requests = [
      answered('read', await t.app.inject({ method: 'GET', url: '/api/test/app-log' })),
      answered('written', await t.app.inject({ method: 'POST', url: '/api/test/app-log', payload: { marker: 'written' } })),
    ];
    // over a real socket too, with a body that arrives in many chunks
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const sent = await fetch(`${address}/api/test/app-log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ marker: 'over-http', padding: 'x'.repeat(200_000) }),
    });
    requests.push(answered('over-http', { statusCode: sent.status, headers: { 'x-request-id': sent.headers.get('x-request-id') } }));
    for (const { marker, status, id } of requests) {
      expect(status).toBe(200);
      const lines = logLines.filter((line) => line.includes(`"marker":"${marker}"`));
      expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg).sort()).toEqual(
        ['app logger in a request', 'child of the app logger in a request', 'request logger'],
      );
      for (const line of lines) {
        // exactly one reqId key: a request logger's own binding is not repeated
        expect(line.match(/"reqId":/g), line).toHaveLength(1);
        expect((JSON.parse(line) as { reqId: string }).reqId).toBe(id);
      }
    }
  });

  it("tags a job's lines with the job's name, its failure with job.failed, and nothing else with either", async () => {
    const jobs = new IntervalJobs(t.app.log);
    jobs.add({
      name: 'logging-test-job',
      everyMs: 60_000,
      run: async () => {
        await t.app.db.execute(sql`select 1`);
        t.app.log.info('a job at work');
        throw new Error('the job broke');
      },
    });
    t.app.log.info('outside any job');
    jobs.start();
    await jobs.close();
    const parsed = logLines.map((line) => JSON.parse(line) as { msg: string; job?: string; event?: string; reqId?: string; level: number });
    expect(parsed.find((line) => line.msg === 'a job at work')).toMatchObject({ job: 'logging-test-job' });
    expect(parsed.find((line) => line.msg === 'job logging-test-job failed')).toMatchObject({ job: 'logging-test-job', event: 'job.failed', level: 50 });
    const outside = parsed.find((line) => line.msg === 'outside any job');
    expect(outside?.job).toBeUndefined();
    expect(outside?.reqId).toBeUndefined();
  });

  it("gives a route with its own log level a request logger at that level", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/quiet' });
    const id = String(response.headers['x-request-id']);
    const lines = logLines.filter((line) => line.includes(id)).map((line) => JSON.parse(line) as { msg: string; reqId: string });
    expect(lines.map((line) => line.msg)).toEqual(['quiet warning']);
    expect(lines[0]?.reqId).toBe(id);
  });

  it('keeps a well-formed incoming x-request-id and replaces a malformed one', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\n{"x":1}' } });
    // A fresh UUID replaces it (a random UUID may itself contain the letters 'bad', so check its shape instead).
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/health', '/api/health'],
    ['/api/auth/nonce?wallet=abc', '/api/auth/nonce?wallet=abc'],
    ['/x?refreshToken=s3cret&page=2', '/x?refreshToken=%5BRedacted%5D&page=2'],
    ['/x?signature=a&code=b', '/x?signature=%5BRedacted%5D&code=%5BRedacted%5D'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
