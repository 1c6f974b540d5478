// The operators' files in ops/ are checked against the app: the alert rules and the Grafana dashboard parse, and
// every metric their queries name is one GET /metrics declares (a renamed metric breaks this test, not an alert
// that silently never fires). `promtool check rules` checks the rules' PromQL in CI (npm run check:ops).
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { apiPath } from '../../lib/package-root.ts';
import { scrape } from './testing.ts';

const opsFile = (path: string) => readFile(apiPath('..', '..', 'ops', path), 'utf8');

const alertRules = z.object({
  groups: z.array(
    z.object({
      name: z.string(),
      rules: z.array(
        z.object({
          alert: z.string(),
          expr: z.string(),
          for: z.string().regex(/^\d+[smh]$/),
          labels: z.object({ severity: z.enum(['page', 'warn']) }),
          annotations: z.object({ summary: z.string().min(1) }),
        }),
      ),
    }),
  ),
});

interface Panel {
  id: number;
  type: string;
  title: string;
  targets?: { expr: string; refId: string }[];
  panels?: Panel[];
}
const dashboard = z.object({
  title: z.string(),
  uid: z.string(),
  templating: z.object({ list: z.array(z.object({ name: z.string(), type: z.string() })) }),
  panels: z.array(z.custom<Panel>((p) => typeof p === 'object' && p !== null && 'type' in p && 'title' in p)),
});

/** The jelly_ metric names a PromQL expression reads. */
const metricsIn = (expr: string) => [...expr.matchAll(/\bjelly_[a-zA-Z0-9_:]+/g)].map((m) => m[0]);

let t: TestApp;
let declared: Set<string>;
beforeAll(async () => {
  t = await createTestApp();
  declared = (await scrape(t.app)).declared;
});
afterAll(() => t.close());

describe('ops/prometheus/alerts.yml', () => {
  it('parses, alerts on stuck money, the runway, RPC errors, 5xx and send latency, and reads only metrics the app declares', async () => {
    const rules = alertRules.parse(parse(await opsFile('prometheus/alerts.yml'))).groups.flatMap((g) => g.rules);
    const byName = new Map(rules.map((r) => [r.alert, r]));
    expect(byName.size).toBe(rules.length);
    expect(byName.get('JellyMoneyOverdue')).toMatchObject({ expr: expect.stringContaining('jelly_overdue_items) > 0'), for: '10m' });
    expect(byName.get('JellyFeePayerRunwayLow')?.expr).toContain('jelly_fee_payer_runway_seconds) < 3 * 86400');
    expect(byName.get('JellyRpcErrorRate')?.expr).toContain('jelly_rpc_errors_total');
    expect(byName.get('JellyHttp5xxRate')?.expr).toContain('status_class="5xx"');
    expect(byName.get('JellySendLandLatencyHigh')?.expr).toContain('histogram_quantile(0.95');
    for (const rule of rules) {
      const names = metricsIn(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(declared.has(name), `${rule.alert}: ${name}`).toBe(true);
    }
  });
});

describe('ops/grafana/jelly-dashboard.json', () => {
  it('parses, each panel queries the templated Prometheus, and every metric it names is one the app declares', async () => {
    const board = dashboard.parse(JSON.parse(await opsFile('grafana/jelly-dashboard.json')));
    expect(board.templating.list).toContainEqual(expect.objectContaining({ name: 'datasource', type: 'datasource' }));
    const panels = board.panels.flatMap((p) => [p, ...(p.panels ?? [])]).filter((p) => p.type !== 'row');
    expect(new Set(board.panels.map((p) => p.id)).size).toBe(board.panels.length);
    const used = new Set<string>();
    for (const panel of panels) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        const names = metricsIn(target.expr);
        expect(names.length, `${panel.title} ${target.refId}`).toBeGreaterThan(0);
        for (const name of names) {
          expect(declared.has(name), `${panel.title}: ${name}`).toBe(true);
          used.add(name.replace(/_(bucket|sum|count)$/, ''));
        }
      }
    }
    // the dashboard shows every metric the app declares
    const families = new Set([...declared].filter((n) => !/_(bucket|sum|count)$/.test(n) || !declared.has(n.replace(/_(bucket|sum|count)$/, ''))));
    expect([...families].filter((n) => !used.has(n))).toEqual([]);
  });
});
