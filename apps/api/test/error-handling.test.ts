import { errorResponse, type ErrorResponse } from '@jelly/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: { logLevel: 'info' },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
    extend: (app) => {
      app.get('/api/test/crash', async () => {
        throw new Error('connection to db-internal.local:5432 failed for user jelly');
      });
      app.withTypeProvider<ZodTypeProvider>().get(
        '/api/test/off-contract',
        { schema: { response: { 200: z.object({ wallet: z.string() }) } } },
        // A handler breaking its own contract must not leak what it tried to send.
        async () => ({ secretField: 'internal-value' }) as unknown as { wallet: string },
      );
    },
  });
});
afterAll(async () => {
  await t.close();
});

const expectErrorShape = (body: string): ErrorResponse['error'] => {
  const parsed = errorResponse.safeParse(JSON.parse(body));
  expect(parsed.success, body).toBe(true);
  return (JSON.parse(body) as ErrorResponse).error;
};

describe('error handler', () => {
  it('answers unknown /api routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/health'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(expectErrorShape(response.body).code).toBe('NOT_FOUND');
    }
  });

  it('turns validation failures into a readable 400 naming the field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { network: 'sol', wallet: 'x' } });
    expect(response.statusCode).toBe(400);
    const error = expectErrorShape(response.body);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain('body.wallet: Invalid wallet address');
    expect(error.message).toContain('body.nonce');
    expect(error.message).toContain('body.signature');
  });

  it('answers 415 for an unsupported content type and 413 for an oversized body', async () => {
    const unsupported = await t.app.inject({ method: 'POST', url: '/api/auth', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(unsupported.statusCode).toBe(415);
    expect(expectErrorShape(unsupported.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { nonce: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(expectErrorShape(huge.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a generic 500 when a handler breaks its response contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/off-contract' });
    expect(response.statusCode).toBe(500);
    expect(expectErrorShape(response.body).code).toBe('INTERNAL_ERROR');
    expect(response.body).not.toContain('internal-value');
  });

  it('hides the details of a 500 from the client but logs them with the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    const error = expectErrorShape(response.body);
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(response.body).not.toContain('db-internal');
    const requestId = String(response.headers['x-request-id']);
    expect(error.message).toContain(requestId);
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; level: number; err?: { message: string } });
    expect(logged.find((entry) => entry.reqId === requestId && entry.level >= 50)?.err?.message).toContain('db-internal');
  });
});
