/**
 * How every bench turns samples into the figures it prints: nearest-rank percentiles, the machine's load (the
 * development machines and CI runners are shared, so a figure means little without it), and the ratio to a
 * same-run baseline: something trivial measured in the same run, under the same load, printed beside the figure.
 */
import { cpus, loadavg } from 'node:os';

/** The nearest-rank percentile of ascending samples (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export interface Summary {
  n: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p);
  return { n: sorted.length, p50: at(50), p90: at(90), p95: at(95), p99: at(99), max: sorted.at(-1) ?? Number.NaN };
}

/** `load average 1.20 0.90 0.70 on 2 CPUs` — printed by every bench with its figures. */
export function loadLine(): string {
  return `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} CPUs`;
}

/** `12.0×`: how many times the baseline the figure is; '–' when the baseline is zero or missing. */
export function ratio(figure: number, baseline: number): string {
  if (!Number.isFinite(figure) || !Number.isFinite(baseline) || baseline <= 0) return '–';
  const r = figure / baseline;
  return `${r >= 10 ? r.toFixed(0) : r.toFixed(1)}×`;
}

/** `ms(3.14159)` → `3.1 ms`. */
export const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;
