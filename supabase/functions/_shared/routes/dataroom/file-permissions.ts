import { Hono } from 'hono';
import { dealScoped } from '../../deal-scope.ts';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { readJson } from '../../validate.ts';
import { permissionsUpdate } from '../../contracts/files.ts';
import { fileIdParam, fileRightsOf, loadReadyFile } from './common.ts';

/** Who may see one file: its allow and deny lists (docs/product.md §7 Files). */
export function filePermissionRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const withDeal = dealScoped(deps);

  app.get('/:dealId/files/:fileId/permissions', async (c) =>
    c.json(
      await withDeal(c, async (tx, ctx) => {
        const fileId = fileIdParam(c);
        const file = await loadReadyFile(tx, ctx.dealId, fileId);
        const [p] = await tx`
        select allowed_users, allowed_groups, allowed_tags, denied_users, denied_groups, denied_tags
        from public.file_permissions where file_id = ${fileId}`;
        return {
          type: file.permission_type,
          allowed_users: p?.allowed_users ?? [],
          allowed_groups: p?.allowed_groups ?? [],
          allowed_tags: p?.allowed_tags ?? [],
          denied_users: p?.denied_users ?? [],
          denied_groups: p?.denied_groups ?? [],
          denied_tags: p?.denied_tags ?? [],
          can_edit: (await fileRightsOf(tx, ctx, file.id)).can_edit,
        };
      }),
    ),
  );

  app.put('/:dealId/files/:fileId/permissions', async (c) => {
    const body = await readJson(c, permissionsUpdate);
    const result = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      const file = await loadReadyFile(tx, ctx.dealId, fileId);
      if (!(await fileRightsOf(tx, ctx, file.id)).can_edit)
        throw new HttpError(403, "You don't have permission to change who can see this file.");
      const members = new Set(
        (
          await tx<{ user_id: string }[]>`
        select user_id from public.deal_members where deal_id = ${ctx.dealId}`
        ).map((m) => m.user_id),
      );
      const strangers = [...body.allowed_users, ...body.denied_users].filter((id) => !members.has(id));
      if (strangers.length) throw new HttpError(400, 'Permissions can only name members of this deal.');
      // Denied entries win, so an id in both lists is simply denied.
      const allowedUsers = body.allowed_users.filter((id) => !body.denied_users.includes(id));
      await tx`
        insert into public.file_permissions (file_id, deal_id, allowed_users, allowed_groups, allowed_tags,
          denied_users, denied_groups, denied_tags, updated_at)
        values (${fileId}, ${ctx.dealId}, ${allowedUsers}::uuid[], ${body.allowed_groups}::uuid[], ${body.allowed_tags}::uuid[],
          ${body.denied_users}::uuid[], ${body.denied_groups}::uuid[], ${body.denied_tags}::uuid[], now())
        on conflict (file_id) do update set
          allowed_users = excluded.allowed_users, allowed_groups = excluded.allowed_groups, allowed_tags = excluded.allowed_tags,
          denied_users = excluded.denied_users, denied_groups = excluded.denied_groups, denied_tags = excluded.denied_tags,
          updated_at = now()`;
      await tx`update public.files set permission_type = ${body.type} where id = ${fileId}`;
      return {
        type: body.type,
        allowed_users: allowedUsers,
        allowed_groups: body.allowed_groups,
        allowed_tags: body.allowed_tags,
        denied_users: body.denied_users,
        denied_groups: body.denied_groups,
        denied_tags: body.denied_tags,
        can_edit: true,
      };
    });
    return c.json(result);
  });

  return app;
}
