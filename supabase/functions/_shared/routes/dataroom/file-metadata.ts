import { Hono } from 'hono';
import { dealScoped } from '../../deal-scope.ts';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import type { Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { readJson } from '../../validate.ts';
import { DATE_RANGE_ERROR, metadataUpdate } from '../../contracts/files.ts';
import { fileIdParam, fileRightsOf, loadReadyFile } from './common.ts';
import { beginEdit, endEdit, fileDetail, ifMatch } from './file-edits.ts';

/** A file's metadata: category, type, summary, date range and the rest (docs/product.md §7 Files). */
export function fileMetadataRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const withDeal = dealScoped(deps);

  const metadataOf = async (tx: Tx, fileId: string) => {
    const [row] = await tx`
      select m.custom_file_category, m.document_type, m.quick_summary, m.confidentiality_level,
             m.date_range_start::text, m.date_range_end::text, m.people_mentioned, m.named_organizations,
             m.languages_used, m.ai_generated_at, m.updated_at
      from public.file_metadata m where m.file_id = ${fileId}`;
    return (
      row ?? {
        custom_file_category: null,
        document_type: null,
        quick_summary: null,
        confidentiality_level: null,
        date_range_start: null,
        date_range_end: null,
        people_mentioned: [],
        named_organizations: [],
        languages_used: [],
        ai_generated_at: null,
        updated_at: null,
      }
    );
  };

  app.get('/:dealId/files/:fileId/metadata', async (c) =>
    c.json(
      await withDeal(c, async (tx, ctx) => {
        const fileId = fileIdParam(c);
        const file = await fileDetail(tx, ctx, fileId);
        const metadata = await metadataOf(tx, fileId);
        return { file, metadata: { ...metadata, formatted_title: file.formatted_title, file_size: file.size_bytes } };
      }),
    ),
  );

  app.put('/:dealId/files/:fileId/metadata', async (c) => {
    const body = await readJson(c, metadataUpdate);
    const expected = ifMatch(c);
    const result = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      await beginEdit(tx, ctx, fileId, expected);
      const file = await loadReadyFile(tx, ctx.dealId, fileId);
      if (!(await fileRightsOf(tx, ctx, file.id)).can_edit)
        throw new HttpError(403, "You don't have permission to edit this file.");
      const { formatted_title, ...fields } = body;
      if (formatted_title !== undefined) {
        await tx`update public.files set formatted_title = ${formatted_title ?? null} where id = ${fileId}`;
      }
      const current = await metadataOf(tx, fileId);
      const merged = { ...current, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
      // The range as it will be stored: a new end must not fall before the start saved earlier.
      if (merged.date_range_start && merged.date_range_end && merged.date_range_start > merged.date_range_end) {
        throw new HttpError(400, DATE_RANGE_ERROR);
      }
      await tx`
        insert into public.file_metadata (file_id, deal_id, custom_file_category, document_type, quick_summary,
          confidentiality_level, date_range_start, date_range_end, people_mentioned, named_organizations, languages_used, updated_at)
        values (${fileId}, ${ctx.dealId}, ${merged.custom_file_category ?? null}, ${merged.document_type ?? null},
          ${merged.quick_summary ?? null}, ${merged.confidentiality_level ?? null}, ${merged.date_range_start ?? null}::text::date,
          ${merged.date_range_end ?? null}::text::date, ${merged.people_mentioned}, ${merged.named_organizations}, ${merged.languages_used}, now())
        on conflict (file_id) do update set
          custom_file_category = excluded.custom_file_category, document_type = excluded.document_type,
          quick_summary = excluded.quick_summary, confidentiality_level = excluded.confidentiality_level,
          date_range_start = excluded.date_range_start, date_range_end = excluded.date_range_end,
          people_mentioned = excluded.people_mentioned, named_organizations = excluded.named_organizations,
          languages_used = excluded.languages_used, updated_at = now()`;
      await endEdit(tx, ctx, fileId);
      const fresh = await fileDetail(tx, ctx, fileId);
      return {
        file: fresh,
        metadata: { ...(await metadataOf(tx, fileId)), formatted_title: fresh.formatted_title, file_size: fresh.size_bytes },
      };
    });
    return c.json(result);
  });

  return app;
}
