import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createApi } from '../supabase/functions/_shared/app.ts';
import { aiFromEnv } from '../supabase/functions/_shared/ai/providers.ts';
import { startAiWorker, type RunningAiWorker } from '../supabase/functions/_shared/ai/worker.ts';
import { startAiThreads, type AiThreadPool } from './ai-threads.ts';
import { startStampThreads, type StampThreads } from './stamp-threads.ts';
import { warmStampTemplate } from '../supabase/functions/_shared/viewer/template-store.ts';
import { officeConverter } from './office-converter.ts';
import { startOfficeWorker, type RunningOfficeWorker } from './office-worker.ts';
import { listenDealEvents, type ListeningEvents } from '../supabase/functions/_shared/events.ts';
import { DATABASE_UNAVAILABLE } from '../supabase/functions/_shared/errors.ts';
import type { ApiEnv } from '../supabase/functions/_shared/context.ts';
import { errorFields, requestIdFrom } from '../supabase/functions/_shared/logger.ts';
import { routePath } from 'hono/route';
import { randomUUID } from 'node:crypto';
import { createLogger, type ServerLogger } from './logger.ts';
import { createMetrics } from './metrics.ts';
import { insertAccount } from '../supabase/functions/_shared/adapters/embedded-accounts.ts';
import { embeddedAuth } from '../supabase/functions/_shared/adapters/embedded-auth.ts';
import { isLocalRequest, mailFor, outboxMode, type OutboxMode } from './mail.ts';
import type { ServerConfig } from './config.ts';
import { devMailPage } from './dev-mail.ts';
import { embeddedClientAddress } from './client-address.ts';
import { diskBlobStore } from './blob-store.ts';
import { sweepAbandonedUploads } from '../supabase/functions/_shared/jobs/upload-sweep.ts';
import { startExportWorker } from '../supabase/functions/_shared/jobs/exports.ts';
import { join } from 'node:path';
import { migrate, seedOnce } from './migrate.ts';
import { startEmbeddedPostgres, type RunningPostgres } from './postgres.ts';
import { buildWeb, distDir, SECURITY_HEADERS, serveWeb, webBuildIsStale } from './web.ts';
import { compressJson } from './compress.ts';
import { phaseDone } from './start-phases.ts';
import { assertPortFree } from './port.ts';
import { freeBytes, STORAGE_FULL_BELOW_BYTES } from './disk-space.ts';
import { answerClientErrors, closeWhenBodyUnread, KEEP_ALIVE_MS, MAX_HEADER_BYTES } from './http-listener.ts';
import { metricsRoute } from './metrics-route.ts';
import { connectPool } from './db-pool.ts';

export { PortInUseError } from './port.ts';

export interface RunningServer {
  url: string;
  port: number;
  databaseUrl: string;
  /** To whom /dev/mail is served, and where mail goes, for the start-up banner. */
  outbox: OutboxMode;
  mailSays: string;
  stop(): Promise<void>;
}

/** The whole product in one process: Postgres, migrations, seed, the API at /api and the web app at /. */
export async function startServer(
  config: ServerConfig,
  logger: ServerLogger = createLogger(),
  /**
   * The embedded Postgres, already starting (server/main.ts starts it while this module loads, decision 55);
   * the port was checked before. Stopped with the server, also when the start fails.
   */
  starting?: Promise<RunningPostgres>,
): Promise<RunningServer> {
  if (config.port !== 0 && !starting) await assertPortFree(config.port);
  const log = logger.line;
  const metrics = createMetrics();

  let embedded: RunningPostgres | undefined;
  const databaseUrl = config.databaseUrl ?? (embedded = await (starting ?? startEmbeddedPostgres(config.dataDir, log))).url;
  const sql = connectPool(databaseUrl, config.databasePoolMax, embedded?.socketDir);
  let httpServer: ServerType | undefined;
  let sweeper: ReturnType<typeof setInterval> | undefined;
  let aiWorker: RunningAiWorker | undefined;
  let exportWorker: ReturnType<typeof startExportWorker> | undefined;
  let aiThreads: AiThreadPool | undefined;
  let stampThreads: StampThreads | undefined;
  let officeWorker: RunningOfficeWorker | undefined;
  let events: ListeningEvents | undefined;

  // Stops within 5 s: no new connections, idle ones closed at once, requests in flight get 2 s to
  // finish before their connections are cut, then the pool and Postgres.
  const stop = async () => {
    if (sweeper) clearInterval(sweeper);
    const began = Date.now();
    // A step still running after a second is named in the log, so a stop that overruns its 5 s
    // (server/main.ts) says what it waited on.
    const step = async (name: string, work: () => Promise<unknown> | undefined) => {
      const slow = setTimeout(() => log(`Stopping: still waiting on ${name} after 1 s.`), 1_000);
      slow.unref?.();
      try {
        await work();
      } finally {
        clearTimeout(slow);
      }
    };
    await step('the AI worker', () => aiWorker?.stop());
    await step('the Office converter', () => officeWorker?.stop());
    await step('the export worker', () => exportWorker?.stop());
    await step('the AI threads', () => aiThreads?.close());
    await step('the stamping thread', () => stampThreads?.close());
    await step('live events', () => events?.close());
    if (httpServer) {
      const server = httpServer as unknown as import('node:http').Server;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections?.();
      const cut = setTimeout(() => server.closeAllConnections?.(), 2_000);
      await step('requests in flight', () => closed);
      clearTimeout(cut);
    }
    await step('the database pool', () => sql.end({ timeout: 1 }));
    // Postgres's checkpoint gets what is left of 4 s (at least 1 s), so a stop stays within 5 s.
    await step('PostgreSQL', () => embedded?.stop(Math.max(1_000, 4_000 - (Date.now() - began))));
  };

  try {
    const applied = await migrate(sql, log, { bootstrap: !embedded });
    phaseDone('migrations');
    const outbox = outboxMode(config);
    const { mail, says: mailSays } = mailFor({
      sql,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      outbox: outbox !== 'off',
      logger,
      log,
    });
    const auth = embeddedAuth({
      sql,
      mail,
      jwtSecret: config.jwtSecret,
      jwtExpirySeconds: config.jwtExpirySeconds,
      sessionIdleSeconds: config.sessionIdleSeconds,
    });
    // The super admin exists before the seed so the seed's demo deal is theirs.
    const [adminExists] = await sql`select 1 from auth.users where email = ${config.adminEmail}`;
    // The operator named this address: it is confirmed, and no confirmation mail goes out.
    if (!adminExists) await insertAccount(sql, { email: config.adminEmail, password: config.adminPassword, confirmed: true });
    const seeded = await seedOnce(sql, config.adminEmail);
    if (seeded) log(`Seeded reference data and the demo deal (owner ${config.adminEmail}).`);
    await sql`insert into public.platform_admins (user_id)
              select id from auth.users where email = ${config.adminEmail} on conflict do nothing`;
    // A first start writes the whole schema: flush it now, at start-up, so the shutdown checkpoint of a
    // server stopped soon after is small and a stop stays within its budget (server/main.ts).
    if (embedded && (applied.length > 0 || seeded)) await embedded.checkpoint();
    phaseDone('admin and seed');
    if (webBuildIsStale()) await buildWeb(log);
    phaseDone('web build check');

    const storage = diskBlobStore({ dir: join(config.dataDir, 'blobs'), secret: config.storageSecret });
    const dataDisks = [join(config.dataDir, 'blobs'), ...(embedded ? [join(config.dataDir, 'pg')] : [])];
    const storageFull = async () => (await freeBytes(dataDisks)) < STORAGE_FULL_BELOW_BYTES;
    // Documents are read and classified in threads, off the API's event loop (decision 43).
    aiThreads = startAiThreads({ log: logger });
    const ai = aiFromEnv((name) => process.env[name], aiThreads.builtin);
    // So is the viewer's stamp, in a thread of its own (decision 53), a PDF's prepared once read (decision 59).
    const stamping = (stampThreads = startStampThreads({ log: logger }));
    events = listenDealEvents(sql, logger);
    // Office files are converted to PDF for the viewer by LibreOffice, when installed (decision 50).
    const converter = officeConverter({ sofficePath: config.sofficePath });
    const api = createApi({
      log: logger,
      sql,
      ai,
      events,
      // The socket's peer, unless reverse proxies in front of us say who their client was (TRUST_PROXY).
      clientAddress: embeddedClientAddress(config.trustProxy),
      auth,
      mail,
      blobs: storage.store,
      // The viewer's source URLs: signed with the store's secret, kept in DATA_DIR across restarts.
      signingSecret: config.storageSecret,
      storageFull,
      // The in-process worker (started below) takes every queued job.
      aiWorkerReachable: async () => aiWorker !== undefined,
      officeRenditions: { available: () => officeWorker !== undefined && converter.available() },
      stamper: stamping.stamper,
      config: {
        jwtExpirySeconds: config.jwtExpirySeconds,
        publicUrl: config.publicUrl,
        maxJsonBytes: 1024 * 1024,
        maxUploadBytes: config.maxUploadBytes,
      },
    });
    const sweep = () =>
      sweepAbandonedUploads({ sql, blobs: storage.store })
        .then(async (swept) => {
          if (swept.files || swept.keys) log(`Removed ${swept.files} abandoned uploads (${swept.keys} stored objects).`);
          // A used upload URL's resumable token lives 24 hours; its marker must outlive it.
          await storage.pruneUsedUploadUrls(25 * 3600);
          await storage.removeOrphanTemps();
        })
        .catch((err) => logger.error('sweeping abandoned uploads failed', errorFields(err)));
    phaseDone('threads and api');
    const leftovers = await storage.removeOrphanTemps();
    if (leftovers.files) log(`Removed ${leftovers.files} temporary files left by an interrupted run (${leftovers.bytes} bytes).`);
    // The first sweep runs while the server already serves, as every later one does: nothing waits on it.
    void sweep();
    sweeper = setInterval(sweep, 10 * 60 * 1000);
    sweeper.unref();
    // AI analysis of uploads runs here, woken by NOTIFY (docs/architecture.md "Background jobs").
    aiWorker = startAiWorker(
      {
        sql,
        blobs: storage.store,
        ai,
        extract: aiThreads.extract,
        onAnalysed: (file) => warmStampTemplate({ blobs: storage.store, stamper: stamping.stamper, log: logger }, file),
        log: logger,
        workerId: `embedded-${process.pid}-${randomUUID().slice(0, 8)}`,
      },
      { concurrency: config.aiConcurrency },
    );
    officeWorker = startOfficeWorker({
      sql,
      blobs: storage.store,
      converter,
      log: logger,
      workerId: `embedded-${process.pid}-${randomUUID().slice(0, 8)}`,
    });
    if (!converter.available())
      log(`Office files are not converted for the viewer: no LibreOffice at ${config.sofficePath} (SOFFICE_PATH).`);

    // ZIP exports over 1 GiB or 1,000 files are prepared here, woken by NOTIFY (decision 48).
    exportWorker = startExportWorker({ sql, blobs: storage.store, mail, publicUrl: config.publicUrl, log: logger });
    exportWorker.wake();
    phaseDone('workers');

    const root = new Hono<ApiEnv>();
    // Every request: an id (X-Request-Id but on the build's files, decision 63; on its log lines), a log
    // line with the route pattern, status and time (web assets only when they fail), and the metrics.
    root.use('*', async (c, next) => {
      const started = performance.now();
      const requestId = requestIdFrom(c.req.header('x-request-id'));
      c.set('requestId', requestId);
      await next();
      const route = routePath(c) || '*';
      const webAsset = route === '*' || route === '/*';
      if (!webAsset || c.res.status >= 400) c.header('X-Request-Id', requestId);
      const seconds = (performance.now() - started) / 1000;
      metrics.observe(c.req.method, route, c.res.status, seconds);
      if (route !== '/metrics' && (!webAsset || c.res.status >= 400)) {
        logger.request({
          request_id: requestId,
          method: c.req.method,
          route,
          status: c.res.status,
          ms: Math.round(seconds * 1000),
        });
      }
    });
    // Early answers close the connection (http-listener.ts); JSON of 1 KB or more is compressed (decision 39).
    root.use('*', closeWhenBodyUnread, compressJson);
    root.get('/metrics', metricsRoute({ sql, metrics, config, dataDisks }));
    // While the supervisor restarts a dead postmaster, answer at once instead of waiting on connections.
    root.use('*', async (c, next) => {
      if (embedded?.status() !== 'down' || !/^\/(api|storage)\//.test(c.req.path)) return next();
      c.header('Retry-After', '5');
      const body = { detail: DATABASE_UNAVAILABLE };
      return c.json(c.req.path === '/api/health' ? { status: 'unavailable', database: 'down', ...body } : body, 503);
    });
    root.route('/api', api);
    // Mounted routes fall through to the SPA; an unknown API path is a JSON 404, never the app's HTML.
    root.all('/api/*', (c) => c.json({ detail: `No such endpoint: ${c.req.method} ${c.req.path}` }, 404));
    root.route('/storage/v1', storage.routes);
    // Storage and GoTrue clients read any 200 as success: paths of theirs we do not serve are JSON 404s,
    // never the web app's HTML.
    for (const prefix of ['/storage/v1', '/auth/v1']) {
      root.all(prefix, (c) => c.json({ detail: 'Not found' }, 404));
      root.all(`${prefix}/*`, (c) => c.json({ detail: 'Not found' }, 404));
    }
    root.get('/dev/mail', async (c) => {
      if (outbox === 'off') return c.json({ detail: 'The development outbox is off on this server.' }, 404);
      // It hands out sign-in links: by default only to a request made on this machine, not through a proxy.
      if (outbox === 'local' && !isLocalRequest(c)) {
        return c.json({ detail: 'The development outbox is served only to requests made on the server itself.' }, 404);
      }
      return c.html(await devMailPage(sql), 200, SECURITY_HEADERS);
    });
    root.get('*', serveWeb(distDir));

    const port = await new Promise<number>((resolve, reject) => {
      httpServer = serve(
        { fetch: root.fetch, port: config.port, hostname: config.host, serverOptions: { maxHeaderSize: MAX_HEADER_BYTES } },
        (info) => resolve(info.port),
      );
      httpServer.once('error', reject);
    });
    // Node closes an idle keep-alive connection after 5 s, while clients and proxies keep theirs longer
    // (undici about 4 s on a coarse timer, nginx 60 s): a request sent on a connection the server just
    // closed fails with "other side closed". Outlive them; headers must come within their own window.
    const http = httpServer as unknown as import('node:http').Server;
    http.keepAliveTimeout = KEEP_ALIVE_MS;
    http.headersTimeout = KEEP_ALIVE_MS + 1_000;
    answerClientErrors(http);
    phaseDone('listen');
    return { url: `http://localhost:${port}`, port, databaseUrl, outbox, mailSays, stop };
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}
