import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiDeps, ApiEnv } from './context.ts';
import {
  DATABASE_UNAVAILABLE,
  DEAL_NOT_FOUND,
  fromPostgresError,
  HttpError,
  isDatabaseUnavailable,
  STORAGE_FULL,
} from './errors.ts';
import { asUser, isUuid } from './db.ts';
import { consoleLogger, errorFields, requestIdFrom } from './logger.ts';
import { routePath } from 'hono/route';
import type { TokenClaims } from './ports.ts';
import { requireUser } from './middleware.ts';
import { UNKNOWN_CLIENT } from './throttle.ts';
import { edgeClientAddress } from './client-address.ts';
import { authRoutes } from './routes/auth.ts';
import { checklistCatalogRoutes } from './routes/checklist-catalog.ts';
import { dealRoutes } from './routes/deals.ts';
import { profileRoutes } from './routes/profile.ts';
import { authSecurityRoutes } from './routes/auth-security.ts';
import { fileRoutes } from './routes/dataroom/files.ts';
import { fileCommentRoutes } from './routes/dataroom/file-comments.ts';
import { fileMetadataRoutes } from './routes/dataroom/file-metadata.ts';
import { filePermissionRoutes } from './routes/dataroom/file-permissions.ts';
import { folderRoutes } from './routes/dataroom/folders.ts';
import { uploadRoutes } from './routes/dataroom/uploads.ts';
import { myInvitationRoutes, peopleRoutes } from './routes/people/index.ts';
import { dealChecklistRoutes } from './routes/checklist/deal-checklist.ts';
import { adminCatalogRoutes } from './routes/admin/catalog.ts';
import { adminPeopleRoutes } from './routes/admin/people.ts';
import { activityRoutes } from './routes/activity.ts';
import { reviewRoutes } from './routes/review.ts';
import { qnaRoutes } from './routes/qna/index.ts';
import { aiRoutes } from './routes/ai.ts';
import { eventRoutes } from './routes/events.ts';
import { exportDownloadRoutes, exportRoutes } from './routes/exports.ts';
import { viewerRoutes } from './viewer/routes.ts';
import { viewerSourceRoutes } from './viewer/serve.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { searchRoutes } from './routes/search.ts';

export type { ApiDeps } from './context.ts';

/** The whole REST API (docs/product.md §7), runtime-neutral: served under `/api` embedded and `/functions/v1/api` on Supabase. */
export function createApi(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  const log = deps.log ?? consoleLogger();
  app.use('*', async (c, next) => {
    // The embedded server's root sets it first; on the edge runtime this is the first to see the request.
    if (!c.get('requestId')) c.set('requestId', requestIdFrom(c.req.header('x-request-id')));
    c.set('clientAddress', (deps.clientAddress ?? edgeClientAddress)(c) || UNKNOWN_CLIENT);
    await next();
    // The viewer's sources say their own ('private, no-store'); everything else is never stored.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Request-Id', c.get('requestId'));
  });

  // Uploads stream to the blob store under their own limit (MAX_UPLOAD_BYTES); everything else is small.
  const smallBodies = bodyLimit({
    maxSize: deps.config.maxJsonBytes,
    // The unread rest of the body would be taken for the next request on this connection: close it.
    onError: (c) => {
      c.header('Connection', 'close');
      return c.json({ detail: `The request body is larger than ${deps.config.maxJsonBytes} bytes.` }, 413);
    },
  });
  app.use('*', (c, next) => (/\/files\/upload$/.test(c.req.path) ? next() : smallBodies(c, next)));

  app.get('/health', async (c) => {
    try {
      await deps.sql`select 1`;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      c.header('Retry-After', '5');
      return c.json({ status: 'unavailable', database: 'down', detail: DATABASE_UNAVAILABLE }, 503);
    }
    // A full disk leaves reading working, so still a 200 (a load balancer keeps the reads flowing, a
    // liveness probe restarts nothing a restart cannot fix); "degraded" tells monitoring (decision 28).
    const aiWorker = deps.aiWorkerReachable ? { ai_worker: await deps.aiWorkerReachable().catch(() => false) } : {};
    if (await deps.storageFull?.().catch(() => false)) {
      return c.json({ status: 'degraded', database: 'up', storage: 'full', detail: STORAGE_FULL, ...aiWorker });
    }
    return c.json({ status: 'ok', database: 'up', ...aiWorker });
  });

  app.route('/auth', authRoutes(deps));
  app.route('/auth', authSecurityRoutes(deps));
  // The viewer's signed source URLs carry who may read them; no bearer token (decision 44).
  app.route('/viewer-source', viewerSourceRoutes(deps));

  // Every other route requires a signed-in account; unknown paths stay 404s.
  const signedIn = requireUser(deps);
  for (const prefix of ['/user', '/deals', '/checklist-catalog', '/invitations', '/admin']) {
    app.use(prefix, signedIn);
    app.use(`${prefix}/*`, signedIn);
  }
  app.route('/user', profileRoutes(deps));
  app.route('/deals', aiRoutes(deps));
  app.route('/deals', eventRoutes(deps));
  app.route('/deals', analyticsRoutes(deps));
  app.route('/deals', dealRoutes(deps));
  // Data room: uploads before files so /files/upload-url is not taken for a file id.
  app.route('/deals', uploadRoutes(deps));
  app.route('/deals', folderRoutes(deps));
  app.route('/deals', fileRoutes(deps));
  app.route('/deals', fileCommentRoutes(deps));
  app.route('/deals', fileMetadataRoutes(deps));
  app.route('/deals', filePermissionRoutes(deps));
  app.route('/deals', viewerRoutes(deps));
  app.route('/deals', peopleRoutes(deps));
  app.route('/deals', activityRoutes(deps));
  app.route('/deals', exportRoutes(deps));
  // A direct export's link carries its own token: the browser opens it without the access token.
  app.route('/exports', exportDownloadRoutes(deps));
  app.route('/deals', reviewRoutes(deps));
  app.route('/deals', searchRoutes(deps));
  app.route('/deals', qnaRoutes(deps));
  app.route('/deals', dealChecklistRoutes(deps));
  app.route('/checklist-catalog', checklistCatalogRoutes(deps));
  app.route('/admin', adminCatalogRoutes(deps));
  app.route('/admin', adminPeopleRoutes(deps));
  app.route('/invitations', myInvitationRoutes(deps));

  app.notFound((c) => c.json({ detail: `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));

  app.onError(async (err, c) => {
    const known = err instanceof HttpError ? err : fromPostgresError(err);
    // A deal is not found before anything about the request is judged: bad input sent to a deal the
    // caller is not a member of answers the same 404 as good input, so it tells nothing about the deal.
    // The API is mounted at /api (embedded) or /functions/v1/api (Supabase). Adding a catalog item to a
    // deal names the deal too.
    const apiPath = c.req.path.replace(/^.*?\/api(?=\/)/, '');
    const dealId = c.get('claims')
      ? /^\/(?:deals|checklist-catalog\/add-to-deal)\/([^/]+)(?:\/|$)/.exec(apiPath)?.[1]
      : undefined;
    if (known && known.status >= 400 && known.status < 500 && known.status !== 404 && dealId && !known.extra?.code) {
      if (!(await isMemberOfDeal(deps, c.get('claims'), dealId))) return c.json({ detail: DEAL_NOT_FOUND }, 404);
    }
    // A member of a deal that requires a second factor, in a session that has not proved one, sees the
    // deal as absent to the database; they are told why instead (docs/decisions.md decision 22).
    if (known?.status === 404 && dealId && (await needsMfaForDeal(deps, c.get('claims'), dealId))) {
      return c.json({ detail: DEAL_MFA_REQUIRED, code: 'deal_mfa_required' }, 403);
    }
    if (known) {
      for (const [name, value] of Object.entries(known.headers ?? {})) c.header(name, value);
      return c.json({ detail: known.message, ...known.extra }, known.status as 400);
    }
    const requestId = c.get('requestId');
    log.error('unexpected error', { request_id: requestId, method: c.req.method, route: routePath(c), ...errorFields(err) });
    c.header('X-Request-Id', requestId);
    return c.json({ detail: 'Something went wrong on our side. Please try again.', request_id: requestId }, 500);
  });

  return app;
}

export const DEAL_MFA_REQUIRED =
  'This deal requires two-step verification. Enter a code from your authenticator app, or set one up in Settings → Security.';

async function needsMfaForDeal(deps: ApiDeps, claims: TokenClaims, dealId: string): Promise<boolean> {
  if (!isUuid(dealId) || claims.aal === 'aal2') return false;
  try {
    const rows = await asUser(deps.sql, claims, (tx) => tx`select 1 from public.my_deals_needing_mfa() where id = ${dealId}`);
    return rows.length > 0;
  } catch {
    return false;
  }
}

async function isMemberOfDeal(deps: ApiDeps, claims: TokenClaims, dealId: string): Promise<boolean> {
  if (!isUuid(dealId)) return false;
  try {
    // RLS shows a deal only to its active members.
    const rows = await asUser(deps.sql, claims, (tx) => tx`select 1 from public.deals where id = ${dealId}`);
    return rows.length > 0;
  } catch {
    return true; // cannot tell: keep the original answer
  }
}
