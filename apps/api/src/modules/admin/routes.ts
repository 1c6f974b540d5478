import {
  adminOrderParams,
  adminResolveOutcome,
  adminResolveRequest,
  adminTokensResponse,
  adminUserResponse,
  adminWalletParams,
  auditQuery,
  auditResponse,
  banRequest,
  banResponse,
  disputeDossierResponse,
  disputeParams,
  disputeQueueQuery,
  disputeQueueResponse,
  newCoinRequest,
  newCoinResponse,
  paymentDetailsResponse,
  platformFiguresResponse,
  resolveApprovalDecisionRequest,
  resolveApprovalDecisionResponse,
  tokenInspection,
  tokenInspectQuery,
  tokenParams,
  unbanResponse,
  updateTokenRequest,
  updateTokenResponse,
  ADMIN_PAGE_SIZE,
} from '@jelly/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearer, errorResponses } from '../../lib/route-preamble.ts';
import { listAuditEntries } from '../audit/index.ts';
import { requireChain } from '../deals/index.ts';
import { DEFAULT_ADMIN_CONFIG } from './admin-config.ts';
import { adminCaller, adminOnly, pageOf } from './admin-scope.ts';
import { banWallet, unbanWallet } from './ban-wallet.ts';
import { listDisputes } from './dispute-queue.ts';
import { disputePaymentDetails } from './dispute-payment-details.ts';
import { getDossier } from './dossier.ts';
import { getAdminUser } from './get-user.ts';
import { inspectMint } from './inspect-mint.ts';
import { type DeskBalances, platformFigures } from './platform-figures.ts';
import { decideApproval, resolveDispute } from './resolve-dispute.ts';
import { tokenIconRoute } from './token-icon-route.ts';
import { createToken, listAdminTokens, updateToken } from './token-writes.ts';

export interface AdminRoutesOptions {
  /** The swap desk's balances for GET /admin/platform, when a desk exists. */
  desk?: DeskBalances;
  /** Confirmation time-out of the resolution transaction (60 s by default). */
  confirmTimeoutMs?: number;
}

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503, 504);
const tags = ['admin'];

/** The admin back office. Every route in the inner scope is behind adminOnly; the token icons are public. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (outer, options) => {
  await outer.register(tokenIconRoute);
  await outer.register(async (app) => {
    adminOnly(app);
    const { db, config } = app;
    const adminConfig = config.admin ?? DEFAULT_ADMIN_CONFIG;
    const timeout = options.confirmTimeoutMs === undefined ? {} : { confirmTimeoutMs: options.confirmTimeoutMs };
    const route = app.withTypeProvider<ZodTypeProvider>();

    route.get('/admin/disputes', {
      schema: { tags, summary: 'The dispute queue, oldest dispute first', security: bearer, querystring: disputeQueueQuery, response: { 200: disputeQueueResponse, ...errors } },
    }, async (request) => listDisputes(db, adminConfig, request.query));

    route.get('/admin/disputes/:orderId', {
      schema: { tags, summary: 'The whole case of a deal', security: bearer, params: disputeParams, response: { 200: disputeDossierResponse, ...errors } },
    }, async (request) =>
      getDossier({ db, chain: app.chain, now: config.now, admin: adminConfig, priceFeed: app.priceFeed }, adminCaller(request), request.params.orderId));

    route.get('/admin/disputes/:orderId/payment-details', {
      schema: {
        tags, summary: "A disputed deal's payment details (while it is under dispute; every read audited)", security: bearer,
        params: disputeParams, response: { 200: paymentDetailsResponse, ...errors },
      },
    }, async (request, reply) => {
      // Private data: no shared or browser cache may keep a copy.
      void reply.header('cache-control', 'no-store');
      return disputePaymentDetails(db, adminCaller(request), request.params.orderId, config.now());
    });

    const resolveContext = (request: { ip: string; log: FastifyBaseLogger }) => ({
      db, chain: app.chain, now: config.now, feePayer: config.feePayer, ip: request.ip, log: request.log, admin: adminConfig,
      priceFeed: app.priceFeed, ...timeout,
    });

    route.post('/admin/orders/:orderId/resolve', {
      schema: {
        tags,
        summary: 'Resolve a deal to the buyer (release) or the seller (refund), with a reason; above the four-eyes amount it waits for a second admin (202)',
        security: bearer,
        params: adminOrderParams,
        body: adminResolveRequest,
        response: { 200: adminResolveOutcome, 202: adminResolveOutcome, ...errors },
      },
    }, async (request, reply) => {
      const outcome = await resolveDispute(resolveContext(request), adminCaller(request), {
        dealId: request.params.orderId, releaseTo: request.body.releaseTo, reason: request.body.reason,
      });
      return reply.code(outcome.state === 'pending_approval' ? 202 : 200).send(outcome);
    });

    route.post('/admin/disputes/:orderId/approvals', {
      schema: {
        tags, summary: "Approve or reject another admin's four-eyes resolution", security: bearer,
        params: disputeParams, body: resolveApprovalDecisionRequest, response: { 200: resolveApprovalDecisionResponse, ...errors },
      },
    }, async (request) => decideApproval(resolveContext(request), adminCaller(request), request.params.orderId, request.body));

    const banContext = { db, config, bans: app.bans };
    route.post('/admin/ban', {
      schema: { tags, summary: 'Ban a wallet (at once: sessions, sockets, offers, deals flagged)', security: bearer, body: banRequest, response: { 200: banResponse, ...errors } },
    }, async (request) => banWallet(banContext, adminCaller(request), request.body));

    route.delete('/admin/ban/:wallet', {
      schema: { tags, summary: "Lift a wallet's active bans", security: bearer, params: adminWalletParams, response: { 200: unbanResponse, ...errors } },
    }, async (request) => unbanWallet(banContext, adminCaller(request), request.params.wallet, null));

    route.get('/admin/users/:wallet', {
      schema: { tags, summary: 'A wallet as the admins see it', security: bearer, params: adminWalletParams, response: { 200: adminUserResponse, ...errors } },
    }, async (request) =>
      getAdminUser({ db, now: config.now(), adminWallets: config.adminWallets }, adminCaller(request), request.params.wallet));

    route.get('/admin/tokens', {
      schema: { tags, summary: 'Every catalogue token, disabled ones included', security: bearer, response: { 200: adminTokensResponse, ...errors } },
    }, async () => listAdminTokens(db));

    route.get('/admin/tokens/inspect', {
      schema: { tags, summary: 'Read a mint from the configured chain', security: bearer, querystring: tokenInspectQuery, response: { 200: tokenInspection, ...errors } },
    }, async (request) => inspectMint(db, requireChain(app.chain), request.query.mint));

    const tokenContext = () => ({ db, chain: requireChain(app.chain), dataDir: config.dataDir, now: config.now, fetch: app.outboundFetch });
    route.post('/admin/new-coin-p2p', {
      schema: { tags, summary: 'List a token (checked against the chain)', security: bearer, body: newCoinRequest, response: { 200: newCoinResponse, ...errors } },
    }, async (request) => createToken(tokenContext(), adminCaller(request), request.body));

    route.patch('/admin/tokens/:mint', {
      schema: { tags, summary: 'Edit or disable a listed token', security: bearer, params: tokenParams, body: updateTokenRequest, response: { 200: updateTokenResponse, ...errors } },
    }, async (request) =>
      updateToken({ db, dataDir: config.dataDir, now: config.now, fetch: app.outboundFetch }, adminCaller(request), request.params.mint, request.body));

    route.get('/admin/audit', {
      schema: { tags, summary: 'The audit log of admin acts, newest first', security: bearer, querystring: auditQuery, response: { 200: auditResponse, ...errors } },
    }, async (request) => {
      const { from, to, Page, Size, ...filters } = request.query;
      const page = pageOf({ Page, Size }, ADMIN_PAGE_SIZE);
      const { rows, total } = await listAuditEntries(db, { ...filters, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined }, page);
      return { data: rows, total, page: page.page, size: page.size };
    });

    route.get('/admin/platform', {
      schema: { tags, summary: 'Balances, spend and the day’s figures', security: bearer, response: { 200: platformFiguresResponse, ...errors } },
    }, async () => platformFigures({ db, chain: app.chain, now: config.now, desk: options.desk }));
  });
};
