import { Hono } from 'hono';
import { dealScoped } from '../../deal-scope.ts';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import { readJson } from '../../validate.ts';
import { commentBody } from '../../contracts/files.ts';
import { fileIdParam, loadReadyFile, requireCapability } from './common.ts';

/** A file's comments (docs/product.md §7 Files). */
export function fileCommentRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  // Every statement here finds its rows by key (docs/decisions.md decision 65).
  const withDeal = dealScoped(deps, 'cached');

  app.get('/:dealId/files/:fileId/comments', async (c) =>
    c.json(
      await withDeal(c, async (tx, ctx) => {
        const fileId = fileIdParam(c);
        await loadReadyFile(tx, ctx.dealId, fileId);
        return tx`
        select cm.id, cm.comment, cm.created_at, cm.user_id,
               p.first_name as user_first_name, p.last_name as user_last_name, p.email as user_email
        from public.file_comments cm left join public.profiles p on p.id = cm.user_id
        where cm.file_id = ${fileId} order by cm.created_at, cm.id`;
      }),
    ),
  );

  app.post('/:dealId/files/:fileId/comments', async (c) => {
    const body = await readJson(c, commentBody);
    const comment = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      await loadReadyFile(tx, ctx.dealId, fileId);
      requireCapability(ctx, 'comment', 'comment on files');
      const [row] = await tx`
        insert into public.file_comments (file_id, deal_id, user_id, comment)
        values (${fileId}, ${ctx.dealId}, ${ctx.userId}, ${body.comment})
        returning id, comment, created_at, user_id`;
      const [me] = await tx`select first_name, last_name, email from public.profiles where id = ${ctx.userId}`;
      return { ...row, user_first_name: me.first_name, user_last_name: me.last_name, user_email: me.email };
    });
    return c.json(comment, 201);
  });

  return app;
}
