/**
 * One deal scope for every deal-scoped route: the deal (404 for anyone who is not an active member),
 * the caller's effective capabilities as the database computes them, and one transaction as the
 * caller (role `authenticated`), so row-level security decides again. See docs/access-model.md.
 */
import type { Context } from 'hono';
import type { ApiDeps, ApiEnv } from './context.ts';
import { asUser, isUuid, type PlanMode, type Tx } from './db.ts';
import { DEAL_ARCHIVED, DEAL_NOT_FOUND, HttpError } from './errors.ts';

/** What an archived deal still allows (docs/decisions.md decision 8): reading and downloading. */
const READ_CAPABILITIES = new Set(['view', 'download']);

export interface DealContext {
  dealId: string;
  userId: string;
  /** The deal role badge (`admin`, `contributor`, `viewer`) from private.display_role. */
  role: string;
  capabilities: Set<string>;
  archived: boolean;
  /** Whether the caller holds this capability in the deal (private.member_capabilities). */
  can(capability: string): boolean;
}

export function dealIdParam(value: string): string {
  if (!isUuid(value)) throw new HttpError(404, DEAL_NOT_FOUND);
  return value;
}

/** A path parameter that must be a uuid; anything else is the resource's own 404 message. */
export function idParam(c: Context, name: string, notFound: string): string {
  const id = c.req.param(name) ?? '';
  if (!isUuid(id)) throw new HttpError(404, notFound);
  return id;
}

/**
 * The deal and the caller's place in it, in one call (private.deal_scope); 404 unless the caller is an
 * active member whose session meets the deal's MFA rule.
 */
export async function loadDeal(tx: Tx, dealId: string) {
  const [deal] = await tx`select * from private.deal_scope(${dealId})`;
  if (!deal) throw new HttpError(404, DEAL_NOT_FOUND);
  return deal;
}

/** The deal of the route's `:dealId` and the caller's rights in it; 404 for non-members. */
export async function dealContext(tx: Tx, c: Context, userId: string): Promise<DealContext> {
  const dealId = dealIdParam(c.req.param('dealId') ?? '');
  const deal = await loadDeal(tx, dealId);
  const archived = deal.archived_at != null;
  // In an archived deal every write right is gone, so every can_* flag the API computes says so.
  const capabilities = new Set((deal.capabilities as string[]).filter((cap) => !archived || READ_CAPABILITIES.has(cap)));
  return {
    dealId,
    userId,
    role: deal.user_role as string,
    capabilities,
    archived,
    can: (capability) => capabilities.has(capability),
  };
}

/** Runs `work` in one transaction as the caller, inside the deal of `:dealId`, its statements planned as `plans` says. */
export function withDeal<T>(
  deps: ApiDeps,
  c: Context<ApiEnv>,
  work: (tx: Tx, ctx: DealContext) => Promise<T>,
  plans?: PlanMode,
): Promise<T> {
  const claims = c.get('claims');
  return asUser(
    deps.sql,
    claims,
    async (tx, sessionChecked) => {
      const ctx = await dealContext(tx, c, claims.sub);
      await sessionChecked;
      return work(tx, ctx);
    },
    plans,
  );
}

/** `withDeal` bound to a module's dependencies and plan mode: `const withDeal = dealScoped(deps)`. */
export function dealScoped(deps: ApiDeps, plans?: PlanMode) {
  return <T>(c: Context<ApiEnv>, work: (tx: Tx, ctx: DealContext) => Promise<T>): Promise<T> => withDeal(deps, c, work, plans);
}

export function requireCapability(ctx: DealContext, capability: string, action: string): void {
  if (ctx.archived && !READ_CAPABILITIES.has(capability)) throw new HttpError(409, DEAL_ARCHIVED);
  if (!ctx.can(capability)) throw new HttpError(403, `You don't have permission to ${action}.`);
}
