import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler as encodingCheck } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Every answer is checked against its route's response schema before it is sent (a handler that answers something
 * its contract does not allow is our bug: a 500, see plugins/error-handler.ts). The type provider checks by encoding
 * the answer (`z.encode`), which is right for schemas with codecs or transforms but slow: zod encodes in two passes
 * per value (a canary pass, then the checks) and without its compiled object parser — a tenth of a swap quote's CPU.
 * A schema made only of kinds that read the same in both directions (no codec, transform, pipe, default, catch,
 * preprocess, lazy, discriminated union) gives the same verdict and the same value when parsed as when encoded
 * (response-check.test.ts holds the two side by side), so such a schema is checked by zod's forward parse, once per
 * answer as before; every other schema keeps the encoding check.
 */
const SAME_BOTH_WAYS = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum', 'object', 'array', 'optional', 'nullable', 'union']);

interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  options?: readonly $ZodType[];
  discriminator?: string;
}

/** True when every node of the schema is a kind whose forward parse equals its encode. */
export function readsSameBothWays(schema: $ZodType): boolean {
  const def = schema._zod.def as unknown as Def;
  if (!SAME_BOTH_WAYS.has(def.type)) return false;
  if (def.type === 'union' && def.discriminator !== undefined) return false;
  const children: $ZodType[] = [
    ...Object.values(def.shape ?? {}),
    ...(def.type === 'object' && def.catchall ? [def.catchall] : []),
    ...(def.type === 'array' && def.element ? [def.element] : []),
    ...(def.innerType ? [def.innerType] : []),
    ...(def.options ?? []),
  ];
  return children.every(readsSameBothWays);
}

type ResponseSchema = $ZodType | { properties: $ZodType };

/** The app's serializer compiler: the answer as JSON once its schema accepts it, else a ResponseSerializationError. */
export const responseSerializerCompiler: FastifySerializerCompiler<ResponseSchema> = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof $ZodType) || !readsSameBothWays(schema)) return encodingCheck(route);
  return (data) => {
    const result = safeParse(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
