import { STATUS_CODES } from 'node:http';
import * as contracts from '@jelly/contracts';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, ERROR_DESCRIPTIONS, implicitErrorStatuses } from '../lib/route-preamble.ts';

/**
 * The rules that make the OpenAPI document usable by generators, applied to every route in one place so a new
 * route follows them without extra work: an operationId from the method and path, named components for the
 * contracts' schemas, a description on every response, and every error status the server can send.
 */

/** `GET /api/orders/:orderId/payment-details` → `getOrdersByOrderIdPaymentDetails`. Unique per method + path. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  const pascal = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${pascal}`;
}

// Structured schemas become components; leaf fields (an address, a decimal string) stay inline where used, so
// parameters, which the document lists one by one, never point at a component.
const COMPONENT_TYPES = new Set(['object', 'array', 'union', 'intersection']);

/**
 * Registers every structured zod schema the contracts export as a named component (`marketOffer` →
 * `MarketOffer`), once: a route that uses one gets a `$ref` instead of an inline copy. Input-side copies are
 * named `…Input`.
 */
export function registerContractSchemas(): void {
  for (const [name, value] of Object.entries(contracts)) {
    if (!(value instanceof z.ZodType) || !COMPONENT_TYPES.has(value._zod.def.type)) continue;
    const meta = z.globalRegistry.get(value);
    if (meta?.id) continue; // named already (or exported twice)
    z.globalRegistry.add(value, { ...meta, id: name.charAt(0).toUpperCase() + name.slice(1) });
  }
}

/** Parameters are listed one by one in the document: they must be inline, never a `$ref` to a component. */
function inline(schema: unknown): unknown {
  if (!(schema instanceof z.ZodObject) || !z.globalRegistry.get(schema)?.id) return schema;
  // A fresh object with the same fields: a clone would keep a link to the named original and be emitted as one.
  return z.object(schema.shape);
}

function describe(status: number, summary: string | undefined): string {
  const description = ERROR_DESCRIPTIONS[status];
  if (description) return description;
  const reason = STATUS_CODES[status] ?? 'Response';
  return summary ? `${reason}: ${summary}` : reason;
}

function isContentResponse(value: unknown): value is { description?: string; content: Record<string, unknown> } {
  return typeof value === 'object' && value !== null && 'content' in value;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The per-route transform: the rules above, then the zod type provider's conversion to JSON Schema. */
export function openapiRouteTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  // Only /api is the documented API: the web app's pages and the /rpc pass-through to the chain are not part of it.
  if (input.url !== '/api' && !input.url.startsWith('/api/')) return { schema: { ...input.schema, hide: true }, url: input.url };
  const schema = input.schema as (FastifySchema & Record<string, unknown>) | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const route = input.route as RouteOptions;
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  const summary = typeof schema.summary === 'string' ? schema.summary : undefined;
  const config = route.config as { rateLimit?: unknown } | undefined;
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  // Behind app.authenticate: the route takes a bearer token, whether or not its schema says so.
  const authenticates = [route.preHandler ?? []].flat().some((hook) => typeof hook === 'function' && hook.name === 'authenticate');
  const security = Array.isArray(schema.security) && schema.security.length > 0 ? schema.security : authenticates ? bearer : undefined;
  const errors = implicitErrorStatuses({
    hasInput: Boolean(schema.querystring ?? schema.params ?? schema.body ?? schema.headers),
    hasBody: Boolean(schema.body),
    signedIn: security !== undefined,
    rateLimited: config?.rateLimit !== undefined && config.rateLimit !== false,
  });
  const response: Record<string, unknown> = {};
  for (const status of errors) response[status] = contracts.errorResponse;
  Object.assign(response, declared);
  for (const [status, body] of Object.entries(response)) {
    const description = describe(Number(status), summary);
    response[status] = isContentResponse(body)
      ? { ...body, description: body.description ?? description }
      : { description, content: { 'application/json': { schema: body } } };
  }
  const documented = {
    ...schema,
    operationId: typeof schema.operationId === 'string' ? schema.operationId : operationIdFor(method, input.url),
    ...(security ? { security } : {}),
    ...(schema.querystring ? { querystring: inline(schema.querystring) } : {}),
    ...(schema.params ? { params: inline(schema.params) } : {}),
    ...(schema.headers ? { headers: inline(schema.headers) } : {}),
    response,
  };
  return jsonSchemaTransform({ ...input, schema: documented });
}

type Document = { paths?: unknown; components?: { schemas?: Record<string, unknown> } };

function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.add(child.replace('#/components/schemas/', ''));
      else collectRefs(child, into);
    }
  }
}

/**
 * The whole-document transform: the components of every named schema, then only those the operations reach
 * (each contract schema is emitted for input and output; most are used on one side only).
 */
export function openapiDocumentTransform(input: Parameters<typeof jsonSchemaTransformObject>[0]): ReturnType<typeof jsonSchemaTransformObject> {
  const document = jsonSchemaTransformObject(input) as Document;
  const schemas = document.components?.schemas ?? {};
  const reached = new Set<string>();
  collectRefs(document.paths, reached);
  for (let grew = true; grew; ) {
    const before = reached.size;
    for (const name of [...reached]) collectRefs(schemas[name], reached);
    grew = reached.size > before;
  }
  const used = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...document, components: { ...document.components, schemas: used } } as ReturnType<typeof jsonSchemaTransformObject>;
}
