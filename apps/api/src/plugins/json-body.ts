import fp from 'fastify-plugin';

/**
 * Same JSON parser as Fastify's (with prototype-poisoning protection), but an empty body means
 * "no body" instead of a 400: clients POST /auth/refresh and /auth/logout with an empty body.
 */
export const lenientJsonBody = fp(async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
});
