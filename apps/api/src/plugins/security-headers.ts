import fp from 'fastify-plugin';

/** Conservative headers on every response (API and web app); no CSP yet, wallet adapters inject scripts. */
export const securityHeaders = fp(async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    return payload;
  });
});
