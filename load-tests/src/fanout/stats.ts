import type { HistogramData } from './ipc.ts';

/**
 * A log-bucketed latency histogram: 1% wide buckets from 10 µs to 10 minutes, so a percentile is
 * off by at most 1% whatever the sample count (10,000 viewers x 1,000 deltas does not fit in an
 * array of samples). Values are milliseconds; anything under the floor lands in bucket 0.
 */
const FLOOR_MS = 0.01;
const RATIO = 1.01;
const LOG_RATIO = Math.log(RATIO);
const BUCKETS = Math.ceil(Math.log(600_000 / FLOOR_MS) / LOG_RATIO) + 2;

export class Histogram {
  private readonly counts = new Uint32Array(BUCKETS);
  count = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  sum = 0;

  record(ms: number): void {
    const index =
      ms <= FLOOR_MS ? 0 : Math.min(BUCKETS - 1, Math.floor(Math.log(ms / FLOOR_MS) / LOG_RATIO) + 1);
    this.counts[index] = (this.counts[index] ?? 0) + 1;
    this.count++;
    this.sum += ms;
    if (ms < this.min) this.min = ms;
    if (ms > this.max) this.max = ms;
  }

  toData(): HistogramData {
    const buckets: [number, number][] = [];
    this.counts.forEach((c, i) => {
      if (c > 0) buckets.push([i, c]);
    });
    return { buckets, count: this.count, min: this.min, max: this.max, sum: this.sum };
  }
}

export interface LatencySummary {
  count: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  p999: number | null;
  max: number | null;
  mean: number | null;
}

/** The value under which a fraction q of the samples fall (bucket's geometric middle, clamped to min/max). */
export function quantile(h: HistogramData, q: number): number | null {
  if (h.count === 0) return null;
  const rank = Math.max(1, Math.ceil(q * h.count));
  let seen = 0;
  for (const [index, c] of h.buckets) {
    seen += c;
    if (seen >= rank) {
      if (index === 0) return Math.max(h.min, 0);
      const lower = FLOOR_MS * RATIO ** (index - 1);
      return Math.min(h.max, Math.max(h.min, lower * Math.sqrt(RATIO)));
    }
  }
  return h.max;
}

export function summarise(h: HistogramData): LatencySummary {
  return {
    count: h.count,
    p50: quantile(h, 0.5),
    p90: quantile(h, 0.9),
    p99: quantile(h, 0.99),
    p999: quantile(h, 0.999),
    max: h.count ? h.max : null,
    mean: h.count ? h.sum / h.count : null,
  };
}
