// Every /api/admin route checks the admin role on the server against the current admin list; bad input is a 400.
import { ADMIN_ACTIONS, adminPaths, type AuditResponse } from '@jelly/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { recordAdminAct } from '../audit/index.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';

const adminWallet = createWallet();
const demotedWallet = createWallet();
const someone = createWallet().address;
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
let t: TestApp;
let admin: Session;
let demoted: Session;
let user: Session;

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set([adminWallet.address, demotedWallet.address]) } });
  admin = await session(t.app, adminWallet);
  demoted = await session(t.app, demotedWallet);
  user = await session(t.app, createWallet());
});
afterAll(() => t.close());

type Probe = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object };
const VALID: Probe[] = [
  { method: 'GET', url: `/api${adminPaths.disputes}` },
  { method: 'GET', url: `/api${adminPaths.dispute(1)}` },
  { method: 'GET', url: `/api${adminPaths.disputePaymentDetails(1)}` },
  { method: 'POST', url: `/api${adminPaths.approvals(1)}`, payload: { approvalId: '00000000-0000-4000-8000-000000000000', decision: 'approve' } },
  { method: 'POST', url: '/api/admin/orders/1/resolve', payload: { releaseTo: 'seller', reason: 'The buyer never paid.' } },
  { method: 'POST', url: `/api${adminPaths.ban}`, payload: { wallet: someone, reason: 'Scam' } },
  { method: 'DELETE', url: `/api${adminPaths.unban(someone)}` },
  { method: 'GET', url: `/api${adminPaths.user(someone)}` },
  { method: 'GET', url: `/api${adminPaths.tokens}` },
  { method: 'GET', url: `/api${adminPaths.tokenInspect}?mint=${USDC_MINT}` },
  { method: 'POST', url: `/api${adminPaths.newCoin}`, payload: { mint: USDC_MINT, symbol: 'X', name: 'X', decimals: 6, icon: 'https://example.com/x.png' } },
  { method: 'PATCH', url: `/api${adminPaths.token(USDC_MINT)}`, payload: { name: 'Renamed' } },
  { method: 'GET', url: `/api${adminPaths.audit}` },
  { method: 'GET', url: `/api${adminPaths.platform}` },
];
const send = (probe: Probe, headers: Record<string, string> = {}) =>
  t.app.inject({ method: probe.method, url: probe.url, headers, ...(probe.payload ? { payload: probe.payload } : {}) });

describe('the admin role', () => {
  it.each(VALID.map((p) => [`${p.method} ${p.url}`, p] as const))('%s: 401 signed out, 403 for a user', async (_label, probe) => {
    expect((await send(probe)).statusCode).toBe(401);
    expect(errorOf(await send(probe, user.headers))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('is taken from the current admin list: a wallet just removed is refused with its still-valid token', async () => {
    expect((await send(VALID[0]!, demoted.headers)).statusCode).toBe(200);
    const wallets = t.config.adminWallets as Set<string>; // the very set the running server reads
    wallets.delete(demotedWallet.address);
    try {
      for (const probe of VALID) expect((await send(probe, demoted.headers)).statusCode, probe.url).toBe(403);
      // nothing was written by any refused call
      const audit = await t.app.inject({ method: 'GET', url: `/api${adminPaths.audit}`, headers: admin.headers });
      expect(audit.json<AuditResponse>().total).toBe(0);
    } finally {
      wallets.add(demotedWallet.address);
    }
  });
});

describe('bad input from an admin is a 400, never a 500', () => {
  const BAD: Probe[] = [
    { method: 'GET', url: `/api${adminPaths.disputes}?status=nope` },
    { method: 'GET', url: `/api${adminPaths.disputes}?Size=1000` },
    { method: 'GET', url: `/api${adminPaths.disputes}?fiat=EURO` },
    { method: 'GET', url: `/api${adminPaths.dispute('abc')}` },
    { method: 'POST', url: `/api${adminPaths.approvals(1)}`, payload: { approvalId: 'x', decision: 'approve' } },
    { method: 'POST', url: `/api${adminPaths.approvals(1)}`, payload: { approvalId: '00000000-0000-4000-8000-000000000000', decision: 'reject' } },
    { method: 'POST', url: '/api/admin/orders/1/resolve', payload: { releaseTo: 'seller' } },
    { method: 'POST', url: '/api/admin/orders/1/resolve', payload: { releaseTo: 'seller', reason: 'no' } },
    { method: 'POST', url: '/api/admin/orders/1/resolve', payload: { releaseTo: 'seller', reason: 'x'.repeat(501) } },
    { method: 'POST', url: `/api${adminPaths.ban}`, payload: { reason: 'Scam' } },
    { method: 'POST', url: `/api${adminPaths.ban}`, payload: { wallet: 'not-a-wallet', reason: 'Scam' } },
    { method: 'POST', url: `/api${adminPaths.ban}`, payload: { wallet: someone, reason: '' } },
    { method: 'POST', url: `/api${adminPaths.ban}`, payload: { wallet: someone, reason: 'Scam', until: 'tomorrow' } },
    { method: 'POST', url: `/api${adminPaths.ban}`, payload: { wallet: someone, reason: 'Scam', until: '2000-01-01T00:00:00.000Z' } },
    { method: 'POST', url: `/api${adminPaths.ban}`, payload: { wallet: adminWallet.address, reason: 'Oops' } },
    { method: 'DELETE', url: '/api/admin/ban/0OIl' },
    { method: 'GET', url: '/api/admin/users/0OIl' },
    { method: 'GET', url: `/api${adminPaths.tokenInspect}` },
    { method: 'GET', url: `/api${adminPaths.tokenInspect}?mint=0OIl` },
    { method: 'POST', url: `/api${adminPaths.newCoin}`, payload: { mint: USDC_MINT, symbol: '', name: 'X', decimals: 6, icon: 'https://example.com/x.png' } },
    { method: 'POST', url: `/api${adminPaths.newCoin}`, payload: { mint: USDC_MINT, symbol: 'X', name: 'X', decimals: 19, icon: 'https://example.com/x.png' } },
    { method: 'POST', url: `/api${adminPaths.newCoin}`, payload: { mint: USDC_MINT, symbol: 'X', name: 'X', decimals: 6, icon: 'javascript:alert(1)' } },
    { method: 'PATCH', url: `/api${adminPaths.token(USDC_MINT)}`, payload: {} },
    { method: 'PATCH', url: `/api${adminPaths.token(USDC_MINT)}`, payload: { owner: 'me' } },
    { method: 'GET', url: `/api${adminPaths.audit}?from=yesterday` },
    { method: 'GET', url: `/api${adminPaths.audit}?orderId=-1` },
    { method: 'GET', url: `/api${adminPaths.audit}?Page=0` },
  ];
  it.each(BAD.map((p) => [`${p.method} ${p.url} ${JSON.stringify(p.payload ?? '')}`, p] as const))('%s', async (_label, probe) => {
    const response = await send(probe, admin.headers);
    expect(response.statusCode, response.body).toBe(400);
  });
});

describe('the audit log', () => {
  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    await recordAdminAct(t.app.db, { actor: adminWallet.address, action: 'token_changed', subject: USDC_MINT, before: { name: 'a' }, after: { name: 'b' }, at: t.clock.now() });
    // Drizzle wraps the driver's error; the database's own message is its cause.
    const refusal = async (query: SQL) => {
      try {
        await t.app.db.execute(query);
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: { message?: string } }).cause?.message ?? error);
      }
    };
    expect(await refusal(sql`UPDATE admin_audit_log SET reason = 'rewritten'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`DELETE FROM admin_audit_log`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`TRUNCATE admin_audit_log`)).toMatch(/append-only: TRUNCATE refused/);
    const rows = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM admin_audit_log WHERE reason IS NULL`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('offers no route that edits or deletes an entry', async () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    const auditLines = routes.split('\n').filter((line) => line.includes('admin/audit'));
    expect(auditLines.length).toBeGreaterThan(0);
    for (const line of auditLines) expect(line).not.toMatch(/PUT|PATCH|DELETE|POST/);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      expect((await t.app.inject({ method, url: `/api${adminPaths.audit}`, headers: admin.headers })).statusCode).toBe(404);
    }
  });

  it('filters by actor, action, subject and date, newest first, paged', async () => {
    const base = t.clock.now().getTime();
    const other = createWallet().address;
    for (let i = 0; i < 5; i += 1) {
      await recordAdminAct(t.app.db, {
        actor: i % 2 === 0 ? adminWallet.address : other,
        action: i < 3 ? 'ban' : 'unban',
        subject: `subject-${i}`,
        reason: `reason ${i}`,
        at: new Date(base + 60_000 * (i + 1)),
      });
    }
    const read = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api${adminPaths.audit}?${query}`, headers: admin.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditResponse>();
    };
    const byOther = await read(`actor=${other}`);
    expect(byOther.data.map((e) => e.subject)).toEqual(['subject-3', 'subject-1']);
    expect((await read('action=unban')).data.map((e) => e.subject)).toEqual(['subject-4', 'subject-3']);
    expect((await read('subject=subject-2')).data).toEqual([expect.objectContaining({ action: 'ban', reason: 'reason 2', actor: adminWallet.address })]);
    const from = new Date(base + 60_000 * 2).toISOString();
    const to = new Date(base + 60_000 * 4).toISOString();
    expect((await read(`from=${from}&to=${to}&action=ban`)).data.map((e) => e.subject)).toEqual(['subject-2', 'subject-1']);
    const page = await read('action=ban&Size=2&Page=2');
    expect(page).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(page.data.map((e) => e.subject)).toEqual(['subject-0']);
    expect(ADMIN_ACTIONS).toContain('ban');
  });
});
