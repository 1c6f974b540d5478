import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { openapiDocumentTransform, openapiRouteTransform, registerContractSchemas } from './openapi-document.ts';

/**
 * OpenAPI generated from the zod contracts; JSON at /api/docs/json, UI at /api/docs. The rules every operation
 * follows (operationId, named components, described responses, every error status) are in openapi-document.ts.
 */
export const docs = fp(async (app) => {
  registerContractSchemas();
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Jelly API', description: 'P2P crypto ⇄ fiat marketplace with on-chain escrow.', version: '0.1.0' },
      servers: [{ url: app.config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: openapiRouteTransform,
    transformObject: openapiDocumentTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
