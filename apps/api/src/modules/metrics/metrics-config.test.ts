import { describe, expect, it } from 'vitest';
import { allowList } from './allow-list.ts';
import { readMetricsConfig } from './metrics-config.ts';

describe('METRICS_ALLOW', () => {
  it('defaults to this machine only; an empty value is unset', () => {
    expect(readMetricsConfig({})).toEqual({ ok: true, config: { allow: ['127.0.0.1', '::1'] } });
    expect(readMetricsConfig({ METRICS_ALLOW: ' ' })).toEqual({ ok: true, config: { allow: ['127.0.0.1', '::1'] } });
  });

  it('takes IPs and CIDR ranges, v4 and v6, and refuses anything else by name', () => {
    expect(readMetricsConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.7,fd00::/8' })).toEqual({
      ok: true,
      config: { allow: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'] },
    });
    for (const bad of ['prometheus.internal', '10.0.0.0/33', '::1/129', '10.0.0.1/8/2', '*']) {
      expect(readMetricsConfig({ METRICS_ALLOW: `127.0.0.1,${bad}` })).toEqual({
        ok: false,
        problems: ['METRICS_ALLOW: METRICS_ALLOW must be comma-separated IP addresses or CIDR ranges'],
      });
    }
  });
});

describe('the allow-list', () => {
  const allowed = allowList(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1']);
  it.each([
    ['10.255.0.1', true],
    ['11.0.0.1', false],
    ['192.168.1.7', true],
    ['192.168.1.8', false],
    ['fd12::3', true],
    ['fe80::1', false],
    ['::1', true],
    // an IPv4 client on a dual-stack listener
    ['::ffff:10.1.2.3', true],
    ['::ffff:11.1.2.3', false],
    ['', false],
    ['not an address', false],
  ])('%s → %s', (ip, expected) => {
    expect(allowed(ip)).toBe(expected);
  });
});
