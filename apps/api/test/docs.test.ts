import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI docs', () => {
  it('describes every endpoint from the zod contracts at /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { required?: string[] }> };
    }>();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/nonce',
        '/api/auth',
        '/api/auth/refresh',
        '/api/auth/logout',
        '/api/auth/me',
        '/api/payments',
        '/api/platform/coins',
        '/api/platform/countries',
        '/api/platform/config',
      ]),
    );
    // The body is a named component, referenced rather than copied inline.
    const signIn = spec.paths['/api/auth']?.post as { requestBody: { content: Record<string, { schema: { $ref: string } }> } };
    const ref = signIn.requestBody.content['application/json']?.schema.$ref ?? '';
    expect(ref).toBe('#/components/schemas/AuthRequestInput');
    expect(spec.components.schemas[ref.split('/').pop() ?? '']?.required).toEqual(
      expect.arrayContaining(['network', 'wallet', 'nonce', 'signature']),
    );
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
