import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL text cannot hold NUL (U+0000) nor lone UTF-16 surrogates (not valid UTF-8). */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

/** The path (`body.description`, `query.q`) of the first string — value or key — PostgreSQL would refuse. */
export function findUnstorableText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null;
  // A body passed on unread (the /rpc proxy streams it upstream) is not data we store, and walking it never ends.
  if (value instanceof Readable) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, `${path}.${index}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return path;
    const found = findUnstorableText(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or invalid Unicode (unpaired surrogates)';

/**
 * One check at the boundary for every route: text in the path, the query string or a JSON body that the database
 * cannot store is a 400, before any route's validation or handler sees it.
 */
export const textGuard = fp(async (app) => {
  // a callback hook: an async one costs a promise and a turn of the microtask queue on every request
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      findUnstorableText(request.params, 'params') ??
      findUnstorableText(request.query, 'query') ??
      findUnstorableText(request.body, 'body');
    done(found ? new AppError('VALIDATION_ERROR', `${found}: ${UNSTORABLE_TEXT_MESSAGE}`) : undefined);
  });
});
