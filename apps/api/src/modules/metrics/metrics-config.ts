import { z } from 'zod';
import { optionalText, readEnv, type ConfigRead } from '../../lib/env-fields.ts';
import { isIpOrCidr } from './allow-list.ts';

/** Who may read GET /metrics. */
export interface MetricsConfig {
  /** Client addresses (IPs, CIDR ranges) answered; everyone else gets a 404, as for a route that does not exist. */
  allow: string[];
}

/** This machine only: a Prometheus elsewhere is let in by name (METRICS_ALLOW). */
export const DEFAULT_METRICS_CONFIG: MetricsConfig = { allow: ['127.0.0.1', '::1'] };

const envSchema = z.object({
  METRICS_ALLOW: optionalText
    .transform((value) => (value ?? '').split(',').map((item) => item.trim()).filter((item) => item !== ''))
    .refine((entries) => entries.every(isIpOrCidr), { message: 'METRICS_ALLOW must be comma-separated IP addresses or CIDR ranges' }),
});

/** METRICS_ALLOW (default 127.0.0.1,::1). */
export function readMetricsConfig(env: NodeJS.ProcessEnv): ConfigRead<MetricsConfig> {
  return readEnv(envSchema, env, (e) => ({
    ok: true,
    config: e.METRICS_ALLOW.length > 0 ? { allow: e.METRICS_ALLOW } : DEFAULT_METRICS_CONFIG,
  }));
}
