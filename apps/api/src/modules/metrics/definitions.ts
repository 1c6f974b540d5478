import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every metric the API exposes, on a registry of its own per app (never prom-client's global one: tests build many
 * apps in one process). Names carry the unit; labels are bounded sets (a route pattern, a method, a kind, a state),
 * never a wallet, an IP or a record's id. docs/metrics.md describes each; ops/ alerts and graphs on them.
 */
export function defineMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'jelly_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status class, from arrival to the last byte written',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rpcCalls: new Counter({
      name: 'jelly_rpc_calls_total',
      help: "JSON-RPC calls to the Solana node by method (each counted once, whatever its retries)",
      labelNames: ['method'] as const,
      registers,
    }),
    rpcRetries: new Counter({
      name: 'jelly_rpc_retries_total',
      help: 'JSON-RPC attempts repeated after a 429, a 502/503/504, a dropped connection or a time-out, by method',
      labelNames: ['method'] as const,
      registers,
    }),
    rpcErrors: new Counter({
      name: 'jelly_rpc_errors_total',
      help: 'JSON-RPC calls given up after every retry (the node unreachable), by method',
      labelNames: ['method'] as const,
      registers,
    }),
    sends: new Counter({
      name: 'jelly_platform_sends_total',
      help: 'Platform sends by this process by kind and state: recorded (signed and charged), then landed, failed, expired or dropped',
      labelNames: ['kind', 'state'] as const,
      registers,
    }),
    sendLand: new Histogram({
      name: 'jelly_platform_send_land_seconds',
      help: 'From a platform send recorded to its landing recorded, by kind',
      labelNames: ['kind'] as const,
      buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 900],
      registers,
    }),
    sendsPending: new Gauge({
      name: 'jelly_platform_sends_pending',
      help: 'Platform sends not yet ended (every replica), by kind',
      labelNames: ['kind'] as const,
      registers,
    }),
    jobRuns: new Histogram({
      name: 'jelly_job_run_seconds',
      help: 'Runs of the periodic jobs (src/jobs.ts) by job and outcome (ok, failed), with their durations',
      labelNames: ['job', 'outcome'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers,
    }),
    overdue: new Gauge({
      name: 'jelly_overdue_items',
      help: 'Records in which money or a decision waits past its deadline (the watchdog, every replica), by kind; at most 200 per kind',
      labelNames: ['kind'] as const,
      registers,
    }),
    sockets: new Gauge({
      name: 'jelly_realtime_open_sockets',
      help: "WebSockets open on this process (realtime and the /rpc bridge)",
      registers,
    }),
    // Labelled by driver, so a series exists only where it means something: PGlite (one in-process connection, no
    // pool, nothing to wait for) reports its one connection only.
    poolTotal: new Gauge({
      name: 'jelly_db_pool_connections',
      help: 'Database connections open in this process (PostgreSQL: the pool; PGlite: its one in-process connection)',
      labelNames: ['driver'] as const,
      registers,
    }),
    poolIdle: new Gauge({
      name: 'jelly_db_pool_idle_connections',
      help: 'PostgreSQL pool connections open and idle',
      labelNames: ['driver'] as const,
      registers,
    }),
    poolWaiting: new Gauge({
      name: 'jelly_db_pool_waiting_clients',
      help: 'Queries waiting for a PostgreSQL pool connection',
      labelNames: ['driver'] as const,
      registers,
    }),
    // Labelled by cluster (SOLANA_CLUSTER) so that a fee payer not read (no chain, a failed read) has no series at
    // all: an unlabelled gauge would report 0, a false empty balance.
    feePayerBalance: new Gauge({
      name: 'jelly_fee_payer_balance_lamports',
      help: "The admin fee payer's SOL balance",
      labelNames: ['cluster'] as const,
      registers,
    }),
    feePayerSpend: new Gauge({
      name: 'jelly_fee_payer_spend_24h_lamports',
      help: 'What the fee payer paid in the last 24 hours: network fees and net rent',
      labelNames: ['cluster'] as const,
      registers,
    }),
    feePayerRunway: new Gauge({
      name: 'jelly_fee_payer_runway_seconds',
      help: "How long the fee payer's balance lasts at the last 24 hours' spend (+Inf when nothing was spent)",
      labelNames: ['cluster'] as const,
      registers,
    }),
    collectErrors: new Counter({
      name: 'jelly_metrics_collect_errors_total',
      help: 'Scrape-time reads that failed or timed out (their metric was left out of that scrape), by source',
      labelNames: ['source'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof defineMetrics>;
