/** The metrics module's public surface: the app registers its plugin (GET /metrics) and config.ts reads its settings. */
export { metrics, METRICS_PATH } from './metrics-plugin.ts';
export { DEFAULT_METRICS_CONFIG, readMetricsConfig } from './metrics-config.ts';
export type { MetricsConfig } from './metrics-config.ts';
