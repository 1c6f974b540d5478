import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../src/modules/orders/testing.ts';
import { claim, getOrder, lockInstruction, offer, submit, trader, userTransaction } from '../helpers/deal-fixtures.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { sampleFiles } from '../helpers/sample-files.ts';
import { testJellyConfig } from '../../src/modules/coin-jelly/testing.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../helpers/test-chain.ts';
import { GET_SAMPLES, type Seeded } from './get-samples.ts';

interface Operation {
  operationId?: string;
  parameters?: { in: string }[];
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const DOCUMENT_ID = 'openapi.json';

/**
 * OpenAPI 3.0 writes exclusive bounds the draft-04 way (`minimum` + `exclusiveMinimum: true`); Ajv reads the
 * draft-07 form (`exclusiveMinimum: <number>`), and `nullable: true` becomes "or null". Rewritten for the validator
 * only: a small conversion, as the two dialects differ in just these keywords here.
 */
function forAjv(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forAjv);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, forAjv(child)]));
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof copy[flag] !== 'boolean') continue;
    if (copy[flag] === true) copy[flag] = copy[bound];
    else delete copy[flag];
    if (copy[flag] !== undefined) delete copy[bound];
  }
  if (copy.nullable === true) {
    delete copy.nullable;
    if (Array.isArray(copy.enum)) copy.enum = [...(copy.enum as unknown[]), null];
    if (typeof copy.type === 'string') copy.type = [copy.type, 'null'];
    else return { anyOf: [copy, { type: 'null' }] };
  }
  return copy;
}
const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

let t: ChainTestApp;
let document: OpenApiDocument;
let seeded: Seeded;

beforeAll(async () => {
  const adminWallet = createChainWallet();
  // Coin Jelly configured, so its routes answer as on a server that offers it.
  t = await createChainTestApp({ config: { adminWallets: new Set([adminWallet.address]), coinJelly: testJellyConfig() } });
  const admin = await session(t.app, adminWallet);
  const maker = await trader(t, { usdc: 50_000_000n });
  const taker = await trader(t);
  const offerId = await offer(t, maker, 0, 30_000_000n);
  // One deal locked in escrow (payment details, window), one only claimed.
  const dealId = await claim(t, taker, offerId, 10_000_000n);
  const deal = await getOrder(t.app, maker, dealId);
  await submit(t, maker, await userTransaction(t, maker.keypair, [lockInstruction(t, deal, maker.key)]));
  const openDealId = await claim(t, taker, offerId, 10_000_000n);
  // A chat message with a file: the chat and the attachment download answer with content.
  const { payload, headers } = await multipartBody([
    { name: 'RoomId', value: String(dealId) },
    { name: 'UserId', value: taker.wallet.address },
    { name: 'Content', value: 'receipt' },
    { name: 'File', filename: 'receipt.png', contentType: 'image/png', data: sampleFiles.png() },
    { name: 'Bucket', value: '2' },
  ]);
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/attachments/upload', headers: { ...headers, ...taker.headers }, payload });
  expect(uploaded.statusCode).toBe(201);
  const attachmentUrl = uploaded.json<{ fileUrl: string }>().fileUrl;
  seeded = { admin, maker, taker, offerId, dealId, openDealId, attachmentUrl };
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the served OpenAPI document', () => {
  it('is a valid OpenAPI document', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every operation uniquely and describes every response', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${method} ${path} ${status}`).toMatch(/\w{3,}/);
        expect(response.description).not.toBe('Default Response');
      }
    }
  });

  it('documents every error a route can send: input 400, a body 413/415, a bearer token 401/403, every route 500', () => {
    for (const { path, method, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, `${method} ${path}`).toContain('500');
      if (operation.parameters?.some((parameter) => parameter.in !== 'header') || operation.requestBody) {
        expect(statuses, `${method} ${path}`).toContain('400');
      }
      if (operation.requestBody) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['413', '415']));
      if (operation.security?.length) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect(document.paths['/api/payments']?.get?.responses).toHaveProperty('400');
  });

  it('has a sample request for every GET route, and every real answer matches the document', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(forAjv(document) as object, DOCUMENT_ID);
    const gets = operations().filter(({ method }) => method === 'get');
    expect(gets.map(({ path }) => path).filter((path) => !(path in GET_SAMPLES))).toEqual([]);
    const checked: string[] = [];
    for (const { path, operation } of gets) {
      for (const sample of GET_SAMPLES[path]?.(seeded) ?? []) {
        const response = await t.app.inject({ method: 'GET', url: sample.url, ...(sample.headers ? { headers: sample.headers } : {}) });
        const where = `GET ${sample.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, where).toBe(sample.status);
        const documented = operation.responses[String(response.statusCode)];
        expect(documented, `${where}: status not documented`).toBeDefined();
        const mediaTypes = Object.keys(documented?.content ?? {});
        if (!mediaTypes.includes('application/json')) {
          // A file: its content type must fall in a documented range; there is no JSON to validate.
          const type = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
          expect(mediaTypes.some((range) => range === '*/*' || range === type || (range.endsWith('/*') && type.startsWith(range.slice(0, -1)))), where).toBe(true);
          checked.push(`${response.statusCode} ${path}`);
          continue;
        }
        const schemaPath = pointer('paths', path, 'get', 'responses', String(response.statusCode), 'content', 'application/json', 'schema');
        const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${schemaPath}` });
        const valid = validate(response.json());
        expect(valid, `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        checked.push(`${response.statusCode} ${path}`);
      }
    }
    expect(new Set(checked.map((entry) => entry.split(' ')[1])).size).toBe(gets.length);
  });
});
