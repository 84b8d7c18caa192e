import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type postgres from 'postgres';
import { freeBytes, STORAGE_FULL_BELOW_BYTES } from './disk-space.ts';
import type { createMetrics } from './metrics.ts';

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * `GET /metrics`: Prometheus text for a holder of METRICS_TOKEN (404 while it is unset): the database's
 * state and connections, the AI queue, DATA_DIR's free space and the process's memory, beside the
 * request metrics.
 */
export function metricsRoute(opts: {
  sql: postgres.Sql;
  metrics: ReturnType<typeof createMetrics>;
  config: { metricsToken?: string; databasePoolMax: number };
  dataDisks: string[];
}) {
  const { sql, metrics, config, dataDisks } = opts;
  return async (c: Context) => {
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!config.metricsToken) return c.json({ detail: 'Metrics are off: set METRICS_TOKEN to serve them.' }, 404);
    if (!safeEqual(given, config.metricsToken)) return c.json({ detail: 'Send METRICS_TOKEN as a bearer token.' }, 401);
    const memory = process.memoryUsage();
    let up = 0;
    let gauges = { active: 0, total: 0, queued: 0, running: 0 };
    try {
      // The job counts read the partial index of open jobs, so a long history costs nothing here.
      [gauges] = await sql<(typeof gauges)[]>`
        select c.active, c.total, j.queued, j.running
        from (select count(*) filter (where state = 'active')::int as active, count(*)::int as total
              from pg_stat_activity where datname = current_database() and backend_type = 'client backend') c,
             (select count(*) filter (where status = 'queued')::int as queued,
                     count(*) filter (where status = 'running')::int as running
              from public.ai_jobs where status in ('queued', 'running')) j`;
      up = 1;
    } catch {
      /* down: reported as 0 */
    }
    const free = await freeBytes(dataDisks);
    c.header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
    return c.body(
      metrics.render({
        dataroom_database_up: { help: '1 when the database answers, else 0.', value: up },
        dataroom_database_connections: { help: 'Connections to the database (pool and workers).', value: gauges.total },
        dataroom_database_connections_active: { help: 'Connections running a statement now.', value: gauges.active },
        dataroom_database_pool_max: { help: 'Largest size of the request pool.', value: config.databasePoolMax },
        dataroom_ai_jobs_queued: { help: 'AI analyses waiting for a worker.', value: gauges.queued },
        dataroom_ai_jobs_running: { help: 'AI analyses a worker holds now.', value: gauges.running },
        dataroom_storage_free_bytes: {
          help: "Free bytes on DATA_DIR's disk (the stored files' and Postgres's, the smaller).",
          value: Number.isFinite(free) ? free : 0,
        },
        dataroom_storage_full: {
          help: '1 when that disk has less than 16 MiB free: writes are about to fail (507).',
          value: free < STORAGE_FULL_BELOW_BYTES ? 1 : 0,
        },
        process_resident_memory_bytes: { help: 'Resident memory of the server process.', value: memory.rss },
        nodejs_heap_used_bytes: { help: 'V8 heap in use.', value: memory.heapUsed },
        nodejs_heap_total_bytes: { help: 'V8 heap reserved.', value: memory.heapTotal },
        nodejs_external_memory_bytes: {
          help: 'Memory of buffers and other objects outside the V8 heap.',
          value: memory.external,
        },
      }),
    );
  };
}
