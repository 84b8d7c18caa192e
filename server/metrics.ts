/**
 * Prometheus metrics of the embedded server at /metrics (text format 0.0.4), served only when
 * METRICS_TOKEN is set and the scraper sends it as a bearer token. Requests are counted by route
 * pattern (not by raw path: bounded label values, and no signed tokens in labels).
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  buckets: number[];
  sum: number;
  count: number;
}

const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function createMetrics() {
  const requests = new Map<string, number>();
  const durations = new Map<string, Histogram>();

  return {
    observe(method: string, route: string, status: number, seconds: number) {
      const key = `method="${label(method)}",route="${label(route)}",status="${status}"`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
      const hKey = `method="${label(method)}",route="${label(route)}"`;
      const h = durations.get(hKey) ?? { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
      BUCKETS.forEach((bound, i) => {
        if (seconds <= bound) h.buckets[i]++;
      });
      h.sum += seconds;
      h.count++;
      durations.set(hKey, h);
    },

    /** The exposition text; `gauges` are sampled by the caller at scrape time. */
    render(gauges: Record<string, { help: string; value: number }>): string {
      const out: string[] = [];
      out.push('# HELP http_requests_total HTTP requests answered, by method, route pattern and status.');
      out.push('# TYPE http_requests_total counter');
      for (const [key, n] of requests) out.push(`http_requests_total{${key}} ${n}`);
      out.push('# HELP http_request_duration_seconds Time to answer, by method and route pattern.');
      out.push('# TYPE http_request_duration_seconds histogram');
      for (const [key, h] of durations) {
        BUCKETS.forEach((bound, i) => out.push(`http_request_duration_seconds_bucket{${key},le="${bound}"} ${h.buckets[i]}`));
        out.push(`http_request_duration_seconds_bucket{${key},le="+Inf"} ${h.count}`);
        out.push(`http_request_duration_seconds_sum{${key}} ${h.sum}`);
        out.push(`http_request_duration_seconds_count{${key}} ${h.count}`);
      }
      for (const [name, gauge] of Object.entries(gauges)) {
        out.push(`# HELP ${name} ${gauge.help}`, `# TYPE ${name} gauge`, `${name} ${gauge.value}`);
      }
      return out.join('\n') + '\n';
    },
  };
}
