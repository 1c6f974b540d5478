import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/**
 * PostgreSQL text cannot hold NUL (U+0000) nor lone UTF-16 surrogates (not valid UTF-8); `isWellFormed` is the
 * engine's own check for the latter.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/** The path (`body.description`, `query.q`) of the first string — value or key — PostgreSQL would refuse. */
export function findUnstorableText(value: unknown, path: string): string | null {
  const at = unstorableAt(value, 0);
  return at === null ? null : `${path}${at}`;
}

/**
 * Where under `value` the first unstorable string is (`''` for the value itself, `.a.0` below it), or null. The
 * path is put together only for a refusal, on the way back: a storable request — nearly every one — builds none.
 */
function unstorableAt(value: unknown, depth: number): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : '';
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null;
  if (value instanceof Readable) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = unstorableAt(value[index], depth + 1);
      if (found !== null) return `.${index}${found}`;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return '';
    const found = unstorableAt(item, depth + 1);
    if (found !== null) return `.${key}${found}`;
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
