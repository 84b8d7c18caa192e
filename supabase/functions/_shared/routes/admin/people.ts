/**
 * Admin portal: super admins, user management, system permission sets and the audit log
 * (docs/product.md admin portal, §7 Admin). Every route runs as the caller after the database agrees
 * they are a super admin; every change goes through a database function or row-level security that
 * checks again and writes the audit entry.
 */
import { type Context, Hono } from 'hono';
import {
  ADMIN_PAGE_DEFAULT,
  BUILT_IN_SETS,
  CAPABILITIES,
  ELIGIBLE_PAGE_DEFAULT,
  adminListQuery,
  adminUserUpdate,
  auditQuery,
  passwordReset,
  superAdminToggle,
  systemSetBody,
  type AdminUser,
  type AdminUserPage,
  type AuditPage,
  type PermissionSetUsage,
  type SystemPermissionSet,
} from '../../contracts/admin.ts';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import { isUuid, type Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { parseOrThrow, readJson } from '../../validate.ts';
import { likePattern } from '../../validate.ts';
import { asSuperAdmin } from './catalog.ts';

const USER_NOT_FOUND = 'User not found';
const SET_NOT_FOUND = 'Permission set not found';

const userColumns = (tx: Tx) => tx`
  p.id, p.email, p.first_name, p.last_name, p.title, p.created_at,
  exists (select 1 from public.platform_admins a where a.user_id = p.id) as is_super_admin`;

const searchUsers = (tx: Tx, search: string) => {
  const pattern = likePattern(search);
  return tx`(${search.trim()} = '' or lower(p.email) like ${pattern} or lower(p.first_name || ' ' || p.last_name) like ${pattern}
             or lower(p.title) like ${pattern})`;
};

function capabilityMap(list: string[]): SystemPermissionSet['capabilities'] {
  return Object.fromEntries(CAPABILITIES.map((cap) => [cap, list.includes(cap)])) as SystemPermissionSet['capabilities'];
}

async function loadSystemSet(tx: Tx, id: string): Promise<SystemPermissionSet> {
  const [row] = await tx<(Omit<SystemPermissionSet, 'capabilities' | 'type' | 'built_in'> & { capabilities: string[] })[]>`
    select ps.id, ps.name, ps.description, ps.capabilities, ps.created_at, ps.updated_at,
           coalesce(n.user_count, 0) as user_count, coalesce(n.group_count, 0) as group_count
    from public.permission_sets ps left join public.admin_system_set_counts() n on n.set_id = ps.id
    where ps.id = ${id} and ps.deal_id is null`;
  if (!row) throw new HttpError(404, SET_NOT_FOUND);
  return toSystemSet(row);
}

function toSystemSet(
  row: Omit<SystemPermissionSet, 'capabilities' | 'type' | 'built_in'> & { capabilities: string[] },
): SystemPermissionSet {
  return {
    ...row,
    type: 'system',
    built_in: (BUILT_IN_SETS as readonly string[]).includes(row.name.toLowerCase()),
    capabilities: capabilityMap(row.capabilities),
  };
}

/** A system set's body (create or edit): a capability the app does not know is refused (400). */
async function readSystemSetBody(c: Context) {
  const body = await readJson(c, systemSetBody);
  const unknown = body.capabilities.filter((cap) => !(CAPABILITIES as readonly string[]).includes(cap));
  if (unknown.length) throw new HttpError(400, `Unknown capability: ${unknown.join(', ')}`);
  return body;
}

/** A duplicate name reads as what it is. */
async function namedUniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new HttpError(409, 'A system permission set with this name already exists');
    throw err;
  }
}

export function adminPeopleRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const admin = asSuperAdmin(deps);
  const id = (c: Context<ApiEnv>, notFound: string) => {
    const value = c.req.param('id') ?? '';
    if (!isUuid(value)) throw new HttpError(404, notFound);
    return value;
  };

  // Super admins.
  app.get('/super-admins', async (c) => {
    const q = parseOrThrow(adminListQuery(ADMIN_PAGE_DEFAULT), c.req.query());
    return c.json(await admin(c, (tx) => listUsers(tx, 'super_admins', q)));
  });

  app.get('/super-admins/eligible-users', async (c) => {
    const q = parseOrThrow(adminListQuery(ELIGIBLE_PAGE_DEFAULT), c.req.query());
    return c.json(await admin(c, (tx) => listUsers(tx, 'eligible', q)));
  });

  app.post('/super-admins/toggle', async (c) => {
    const body = await readJson(c, superAdminToggle);
    return c.json(
      await admin(c, async (tx) => {
        const [row] = await tx<{ result: { user_id: string; email: string; is_super_admin: boolean } }[]>`
        select public.admin_set_super_admin(${body.user_id}, ${body.is_super_admin}) as result`;
        return {
          ...row.result,
          message: body.is_super_admin
            ? `${row.result.email} is now a super admin`
            : `${row.result.email} is no longer a super admin`,
        };
      }),
    );
  });

  // Users.
  app.get('/users', async (c) => {
    const q = parseOrThrow(adminListQuery(ADMIN_PAGE_DEFAULT), c.req.query());
    return c.json(await admin(c, (tx) => listUsers(tx, 'all', q)));
  });

  const loadUser = async (tx: Tx, userId: string) => {
    const [user] = await tx<AdminUser[]>`select ${userColumns(tx)} from public.profiles p where p.id = ${userId}`;
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    return user;
  };

  app.put('/users/:id', async (c) => {
    const userId = id(c, USER_NOT_FOUND);
    const body = await readJson(c, adminUserUpdate);
    return c.json(
      await admin(c, async (tx) => {
        await tx`select public.admin_update_user(${userId}, ${body.first_name ?? null}, ${body.last_name ?? null}, ${body.title ?? null})`;
        return loadUser(tx, userId);
      }),
    );
  });

  app.post('/users/:id/reset-password', async (c) => {
    const userId = id(c, USER_NOT_FOUND);
    const body = await readJson(c, passwordReset);
    if (body.user_id !== undefined && body.user_id !== userId)
      throw new HttpError(400, 'user_id does not match the user in the address');
    // Rights first, in the database; then the auth platform sets the password; then older sessions end.
    await admin(c, async (tx) => tx`select public.admin_can_manage_user(${userId})`);
    await deps.auth.setPassword(userId, body.new_password);
    await admin(c, async (tx) => tx`select public.admin_password_was_reset(${userId})`);
    return c.json({ user_id: userId, message: 'Password reset successfully' });
  });

  app.delete('/users/:id', async (c) => {
    const userId = id(c, USER_NOT_FOUND);
    return c.json(
      await admin(c, async (tx) => {
        const [row] = await tx<
          { result: { user_id: string; email: string } }[]
        >`select public.admin_delete_user(${userId}) as result`;
        return { ...row.result, message: 'User deleted successfully' };
      }),
    );
  });

  // System permission sets.
  app.get('/permission-sets', async (c) => {
    const q = parseOrThrow(adminListQuery(ADMIN_PAGE_DEFAULT), c.req.query());
    return c.json(
      await admin(c, async (tx) => {
        const pattern = likePattern(q.search);
        const where = tx`ps.deal_id is null and (${q.search.trim()} = '' or lower(ps.name) like ${pattern} or lower(ps.description) like ${pattern})`;
        const rows = await tx<(Omit<SystemPermissionSet, 'capabilities' | 'type' | 'built_in'> & { capabilities: string[] })[]>`
        select ps.id, ps.name, ps.description, ps.capabilities, ps.created_at, ps.updated_at,
               coalesce(n.user_count, 0) as user_count, coalesce(n.group_count, 0) as group_count
        from public.permission_sets ps left join public.admin_system_set_counts() n on n.set_id = ps.id where ${where}
        order by lower(ps.name), ps.id limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
        const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from public.permission_sets ps where ${where}`;
        return { permission_sets: rows.map(toSystemSet), total_count: n, page: q.page, page_size: q.page_size };
      }),
    );
  });

  app.post('/permission-sets', async (c) => {
    const body = await readSystemSetBody(c);
    return c.json(
      await admin(c, (tx) =>
        namedUniquely(async () => {
          const [row] = await tx<{ id: string }[]>`
        insert into public.permission_sets (deal_id, name, description, capabilities)
        values (null, ${body.name}, ${body.description}, ${body.capabilities}) returning id`;
          return loadSystemSet(tx, row.id);
        }),
      ),
      201,
    );
  });

  app.put('/permission-sets/:id', async (c) => {
    const setId = id(c, SET_NOT_FOUND);
    const body = await readSystemSetBody(c);
    return c.json(
      await admin(c, (tx) =>
        namedUniquely(async () => {
          await loadSystemSet(tx, setId);
          await tx`update public.permission_sets set name = ${body.name}, description = ${body.description}, capabilities = ${body.capabilities}
               where id = ${setId} and deal_id is null`;
          return loadSystemSet(tx, setId);
        }),
      ),
    );
  });

  app.delete('/permission-sets/:id', async (c) => {
    const setId = id(c, SET_NOT_FOUND);
    return c.json(
      await admin(c, async (tx) => {
        const set = await loadSystemSet(tx, setId);
        await tx`delete from public.permission_sets where id = ${setId} and deal_id is null`;
        return { id: setId, name: set.name, message: 'Permission set deleted' };
      }),
    );
  });

  app.get('/permission-sets/:id/usage', async (c) => {
    const setId = id(c, SET_NOT_FOUND);
    return c.json(
      await admin(c, async (tx): Promise<PermissionSetUsage> => {
        const [row] = await tx<{ usage: PermissionSetUsage }[]>`select public.admin_permission_set_usage(${setId}) as usage`;
        return row.usage;
      }),
    );
  });

  // Audit log.
  app.get('/audit', async (c) => {
    const q = parseOrThrow(auditQuery, c.req.query());
    return c.json(await admin(c, async (tx): Promise<AuditPage> => auditPage(tx, q)));
  });

  return app;
}

/** A page of users through public.admin_list_users (the database checks the caller is a super admin). */
async function listUsers(
  tx: Tx,
  which: 'all' | 'super_admins' | 'eligible',
  q: { search: string; page: number; page_size: number },
): Promise<AdminUserPage> {
  const [row] = await tx<{ page: { users: AdminUser[]; total_count: number } }[]>`
    select public.admin_list_users(${which}, ${q.search}, ${q.page_size}, ${(q.page - 1) * q.page_size}) as page`;
  return { ...row.page, page: q.page, page_size: q.page_size };
}

/**
 * One page of User Management as plain SQL, newest accounts first: what admin_list_users('all') runs,
 * for `npm run bench -- admin` to time bare.
 */
export async function adminUsersPage(tx: Tx, q: { search: string; page: number; page_size: number }): Promise<AdminUserPage> {
  const users = await tx<AdminUser[]>`
    select ${userColumns(tx)} from public.profiles p where ${searchUsers(tx, q.search)}
    order by p.created_at desc, p.id limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
  const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from public.profiles p where ${searchUsers(tx, q.search)}`;
  return { users, total_count: n, page: q.page, page_size: q.page_size };
}

/** One page of the audit log, newest first (shared with `npm run bench -- admin`, which times it bare). */
export async function auditPage(
  tx: Tx,
  q: { entity_type: string; action: string; days: number; page: number; page_size: number },
): Promise<AuditPage> {
  const where = tx`
    a.created_at >= now() - make_interval(days => ${q.days})
    and (${q.entity_type} = '' or a.entity_type = ${q.entity_type})
    and (${q.action} = '' or a.action = ${q.action})`;
  const logs = await tx<AuditPage['logs']>`
    select a.id, a.created_at, a.action, a.entity_type, a.entity_id, a.performed_by, a.performed_by_email, a.changes, a.metadata
    from public.audit_logs a where ${where}
    order by a.created_at desc, a.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
  const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from public.audit_logs a where ${where}`;
  return { logs, total_count: n, page: q.page, page_size: q.page_size };
}
