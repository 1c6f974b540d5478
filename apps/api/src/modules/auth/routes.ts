import {
  authRequest,
  authResponse,
  logoutRequest,
  meResponse,
  nonceQuery,
  nonceResponse,
  refreshRequest,
  refreshResponse,
  type AuthResponse,
} from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { getCurrentUser } from './get-current-user.ts';
import { issueNonce } from './issue-nonce.ts';
import { logout } from './logout.ts';
import { clearRefreshCookie, presentedRefreshToken, setRefreshCookie } from './refresh-cookie.ts';
import { refreshSession } from './refresh-session.ts';
import type { Session } from './session.ts';
import { signIn } from './sign-in.ts';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const errors = errorResponses(400, 401, 403, 429);

/** Wallet sign-in: nonce → signed message → access + refresh tokens; refresh rotation; logout; me. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app;
  const deps = { db, config };

  const toResponse = (session: Session): AuthResponse => ({
    accessToken: session.accessToken,
    jwtExpiresAt: session.accessExpiresAt.toISOString(),
    isAdmin: session.isAdmin,
  });

  app.get(
    '/auth/nonce',
    {
      config: perMinute(config.rateLimits.nonce),
      schema: {
        tags: ['auth'],
        summary: 'Issue a single-use sign-in nonce and the exact message to sign',
        querystring: nonceQuery,
        response: { 200: nonceResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueNonce(deps, request.query.wallet);
    },
  );

  app.post(
    '/auth',
    {
      config: perMinute(config.rateLimits.signIn),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a wallet signature of the nonce message',
        body: authRequest,
        response: { 200: authResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = await signIn(deps, request.body);
      setRefreshCookie(reply, config, session.refreshToken, session.refreshExpiresAt);
      reply.header('cache-control', 'no-store');
      return toResponse(session);
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: perMinute(config.rateLimits.refresh),
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token (httpOnly cookie only) and get a new access token',
        body: refreshRequest,
        response: { 200: refreshResponse, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const session = await refreshSession(deps, presentedRefreshToken(request, config));
        setRefreshCookie(reply, config, session.refreshToken, session.refreshExpiresAt);
        reply.header('cache-control', 'no-store');
        return toResponse(session);
      } catch (error) {
        clearRefreshCookie(reply, config);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      config: perMinute(config.rateLimits.refresh),
      schema: {
        tags: ['auth'],
        summary: 'Revoke the session of the refresh-token cookie',
        body: logoutRequest,
        response: { 204: z.null().describe('Signed out'), ...errors },
      },
    },
    async (request, reply) => {
      await logout(deps, presentedRefreshToken(request, config));
      clearRefreshCookie(reply, config);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in account',
        security: bearer,
        response: { 200: meResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      return getCurrentUser(db, signedIn(request));
    },
  );
};
