/**
 * The AI assistant's endpoints (docs/product.md §7 AI): ask for analyses, read a file's analysis and
 * status, act on a suggestion, the dashboard's pending list, the checklist's suggestions per item, and
 * metadata proposed by the AI. Who may do what is decided by the database (public.ai_request_analysis,
 * public.ai_suggestion_action, row-level security on file_ai_analyses); these routes add clear messages.
 */
import { Hono } from 'hono';
import {
  AI_ACTIONS,
  aiActionBody,
  batchAnalysisBody,
  type AiActionResult,
  type AiAnalysis,
  type BatchAnalysisResult,
  type ChecklistAiSuggestions,
  type GeneratedMetadataResult,
  type PendingReview,
} from '../contracts/ai.ts';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { dealScoped, type DealContext } from '../deal-scope.ts';
import type { Tx } from '../db.ts';
import { DEAL_ARCHIVED, HttpError } from '../errors.ts';
import { parseOrThrow, readJson } from '../validate.ts';
import { builtinAi } from '../ai/providers.ts';
import { formattedTitle, isEmptyValue } from '../ai/metadata.ts';
import { fileIdParam, fileRightsOf, loadReadyFile } from '../files.ts';

const NO_ANALYSIS = 'No AI analysis exists for this file yet.';
export const NO_EMPTY_FIELDS = 'No empty fields to update with AI metadata';

/**
 * What 'Generate with AI' may fill, as the file page names it, with the stored fields behind each name:
 * the formatted title from the file name, the custom category from the checklist, the rest from the text.
 */
const GENERATED_FIELDS: readonly (readonly [string, readonly string[]])[] = [
  ['Formatted title', ['formatted_title']],
  ['Custom category', ['custom_file_category']],
  ['Document type', ['document_type']],
  ['Quick summary', ['quick_summary']],
  ['Confidentiality', ['confidentiality_level']],
  ['Date range', ['date_range_start', 'date_range_end']],
  ['People', ['people_mentioned']],
  ['Organizations', ['named_organizations']],
  ['Languages', ['languages_used']],
];

const analysisSelect = (tx: Tx) => tx`
  a.id as analysis_id, a.file_id, a.status, a.provider, a.version_number, a.confidence, a.reasoning, a.candidates, a.ai_tags,
  a.extraction, a.chosen_item_id, a.created_at, a.decided_at, a.recommended_category as category,
  case when a.recommended_item_id is null then null
       else json_build_object('id', a.recommended_item_id, 'name', a.recommended_item_name, 'category', a.recommended_category) end
    as recommended_item`;

async function visibleFile(tx: Tx, ctx: DealContext, fileId: string) {
  return loadReadyFile(tx, ctx.dealId, fileId);
}

function requireWritable(ctx: DealContext) {
  if (ctx.archived) throw new HttpError(409, DEAL_ARCHIVED);
}

export function aiRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const scoped = dealScoped(deps);

  app.post('/:dealId/files/batch-ai-analysis', async (c) => {
    // The body is optional: no body asks for every file the caller may see.
    const raw = await c.req.text();
    let parsed: unknown = {};
    if (raw.trim()) {
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new HttpError(400, 'The request body must be valid JSON.');
      }
    }
    const body = parseOrThrow(batchAnalysisBody, parsed);
    const result = await scoped(c, async (tx, ctx): Promise<BatchAnalysisResult> => {
      requireWritable(ctx);
      const [row] = await tx<{ n: number }[]>`
        select public.ai_request_analysis(${ctx.dealId}, ${body.file_ids ?? null}::uuid[], false) as n`;
      const n = row.n;
      return {
        processed_files: n,
        message: n === 0 ? 'No files need AI analysis' : `AI analysis started for ${n} file${n === 1 ? '' : 's'}`,
      };
    });
    return c.json(result);
  });

  app.get('/:dealId/files/pending-review', async (c) => {
    const result = await scoped(c, async (tx, ctx): Promise<PendingReview> => {
      // The files awaiting a decision (decision 36), each with its open AI suggestion when it has one.
      const rows = await tx`
        select f.id as file_id, f.name as file_name, f.created_at as upload_date, f.approval_status,
               coalesce((select fo.full_path from public.folders fo where fo.id = f.folder_id), '/') as file_path,
               a.confidence, coalesce(a.ai_tags, '{}') as ai_tags, a.id as analysis_id, a.reasoning,
               coalesce(a.candidates, '[]'::jsonb) as candidates,
               case when a.recommended_item_id is null then null
                    else json_build_object('id', a.recommended_item_id, 'name', a.recommended_item_name, 'category', a.recommended_category) end
                 as recommended_item,
               (a.id is not null and not ${ctx.archived} and private.can_decide_ai(f.id)) as can_decide,
               -- Counted in the same statement as the rows, so the two always agree.
               count(*) over () as total_count
        from public.files f
        left join public.file_ai_analyses a on a.file_id = f.id and a.status = 'review' and f.ai_status = 'review'
        where f.deal_id = ${ctx.dealId} and private.file_pending_review(f)
        order by f.created_at desc, f.id
        limit 200`;
      const total = rows.length ? Number(rows[0].total_count) : 0;
      const pending = rows.map(({ total_count: _total, ...row }) => row);
      return { pending_files: pending as unknown as PendingReview['pending_files'], total_count: total };
    });
    return c.json(result);
  });

  app.get('/:dealId/checklist/ai-suggestions', async (c) => {
    const result = await scoped(c, async (tx, ctx): Promise<ChecklistAiSuggestions> => {
      const rows = await tx<{ item_id: string; suggestions: ChecklistAiSuggestions['suggestions_by_item'][string] }[]>`
        select a.recommended_item_id as item_id,
               json_agg(json_build_object('file_id', a.file_id, 'file_name', f.name, 'confidence', a.confidence,
                 'reasoning', a.reasoning, 'item_id', a.recommended_item_id, 'item_name', a.recommended_item_name,
                 'analysis_id', a.id, 'status', a.status) order by a.confidence desc nulls last, f.name) as suggestions
        from public.file_ai_analyses a join public.files f on f.id = a.file_id
        where a.deal_id = ${ctx.dealId} and a.status = 'review' and a.recommended_item_id is not null
          and f.archived_at is null and f.upload_state = 'ready'
        group by a.recommended_item_id`;
      return { suggestions_by_item: Object.fromEntries(rows.map((r) => [r.item_id, r.suggestions])) };
    });
    return c.json(result);
  });

  app.get('/:dealId/files/:fileId/ai-analysis', async (c) => {
    const result = await scoped(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      await visibleFile(tx, ctx, fileId);
      const [analysis] = await tx<AiAnalysis[]>`
        select ${analysisSelect(tx)}, f.name as file_name,
               (a.status = 'review' and not ${ctx.archived} and private.can_decide_ai(a.file_id)) as can_decide,
               (select t.content <> '' from public.file_texts t
                 where t.file_id = a.file_id and t.version_number = a.version_number) as text_found
        from public.file_ai_analyses a join public.files f on f.id = a.file_id
        where a.file_id = ${fileId} and a.status <> 'superseded' order by a.created_at desc limit 1`;
      return analysis ?? { message: NO_ANALYSIS };
    });
    return c.json(result);
  });

  app.get('/:dealId/files/:fileId/ai-analysis/status', async (c) => {
    const result = await scoped(c, async (tx, ctx) => {
      const file = await visibleFile(tx, ctx, fileIdParam(c));
      return { status: file.ai_status as string };
    });
    return c.json(result);
  });

  app.post('/:dealId/files/:fileId/ai-analysis/retry', async (c) => {
    const result = await scoped(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      requireWritable(ctx);
      const file = await visibleFile(tx, ctx, fileId);
      const [rights] = await tx<{ ok: boolean }[]>`select private.can_request_ai(${fileId}) as ok`;
      if (!rights.ok) throw new HttpError(403, "You don't have permission to run AI analysis on this file.");
      if (file.ai_status === 'queued' || file.ai_status === 'processing') {
        return { status: file.ai_status as string, message: 'The file is already being analysed' };
      }
      const [row] = await tx<{ n: number }[]>`select public.ai_request_analysis(${ctx.dealId}, ${[fileId]}::uuid[], true) as n`;
      if (row.n === 0) throw new HttpError(403, "You don't have permission to run AI analysis on this file.");
      return { status: 'queued', message: 'AI analysis started' };
    });
    return c.json(result);
  });

  app.post('/:dealId/files/:fileId/ai-analysis/action', async (c) => {
    const body = await readJson(c, aiActionBody);
    if (!(AI_ACTIONS as readonly string[]).includes(body.action)) {
      throw new HttpError(400, `Unknown action "${body.action}": use accept, dismiss, override or try_again.`);
    }
    if (body.action === 'override' && !body.itemId) throw new HttpError(400, 'Please select a checklist item to override with');
    const result = await scoped(c, async (tx, ctx): Promise<AiActionResult> => {
      const fileId = fileIdParam(c);
      requireWritable(ctx);
      await visibleFile(tx, ctx, fileId);
      const [row] = await tx<{ result: AiActionResult }[]>`
        select public.ai_suggestion_action(${fileId}, ${body.action}, ${body.action === 'override' ? body.itemId : null}) as result`;
      return row.result;
    });
    return c.json(result);
  });

  app.post('/:dealId/files/:fileId/metadata/ai-generate', async (c) => {
    const ai = deps.ai ?? builtinAi;
    const result = await scoped(c, async (tx, ctx): Promise<GeneratedMetadataResult> => {
      const fileId = fileIdParam(c);
      requireWritable(ctx);
      const file = await visibleFile(tx, ctx, fileId);
      if (!(await fileRightsOf(tx, ctx, fileId)).can_edit)
        throw new HttpError(403, "You don't have permission to edit this file.");
      const [stored] = await tx`
        select custom_file_category, document_type, quick_summary, confidentiality_level, date_range_start::text,
               date_range_end::text, people_mentioned, named_organizations, languages_used
        from public.file_metadata where file_id = ${fileId} for update`;
      const current: Record<string, unknown> = { ...(stored ?? {}), formatted_title: file.formatted_title };
      const empty = GENERATED_FIELDS.filter(([, fields]) => fields.some((f) => isEmptyValue(current[f])));
      if (!empty.length) throw new HttpError(400, NO_EMPTY_FIELDS);

      const [text] = await tx<{ content: string }[]>`select content from public.file_texts where file_id = ${fileId}`;
      const generated = (await ai.metadata(file.name as string, text?.content ?? '')).result;
      // The category of the checklist item the file answers, else the one its AI suggestion names.
      const [category] = await tx<{ name: string | null }[]>`
        select coalesce(
          (select c.name from unnest(f.checklist_items) with ordinality u(item_id, n)
             join public.checklist_items i on i.id = u.item_id
             join public.checklist_categories c on c.id = i.category_id
           order by u.n limit 1),
          (select a.recommended_category from public.file_ai_analyses a
           where a.file_id = f.id and a.recommended_category is not null and a.status not in ('dismissed', 'superseded')
           order by a.created_at desc limit 1)) as name
        from public.files f where f.id = ${fileId}`;
      const found: Record<string, unknown> = {
        ...generated,
        formatted_title: formattedTitle(file.name as string),
        custom_file_category: category?.name?.slice(0, 200) ?? null,
      };

      // Only empty fields take a value; a range is never made to run backwards.
      const merged = { ...current };
      for (const [, fields] of empty) {
        for (const f of fields) if (isEmptyValue(merged[f]) && !isEmptyValue(found[f])) merged[f] = found[f];
      }
      const start = merged.date_range_start as string | null;
      const end = merged.date_range_end as string | null;
      if (start && end && start > end) {
        if (isEmptyValue(current.date_range_start)) merged.date_range_start = current.date_range_start ?? null;
        if (isEmptyValue(current.date_range_end)) merged.date_range_end = current.date_range_end ?? null;
      }
      const filledFields = GENERATED_FIELDS.flatMap(([, fields]) => fields).filter(
        (f) => isEmptyValue(current[f]) && !isEmptyValue(merged[f]),
      );
      const filled = empty.filter(([, fields]) => fields.some((f) => filledFields.includes(f))).map(([label]) => label);
      const missing = empty.filter(([label]) => !filled.includes(label)).map(([label]) => label);
      const message = [
        filled.length ? `Filled: ${filled.join(', ')}.` : '',
        missing.length ? `Could not find: ${missing.join(', ')}.` : '',
      ]
        .filter(Boolean)
        .join(' ');

      if (filledFields.length) {
        if (filledFields.includes('formatted_title')) {
          await tx`update public.files set formatted_title = ${merged.formatted_title as string} where id = ${fileId}`;
        }
        const m = merged as Record<string, any>;
        await tx`
          insert into public.file_metadata (file_id, deal_id, custom_file_category, document_type, quick_summary,
            confidentiality_level, date_range_start, date_range_end, people_mentioned, named_organizations, languages_used,
            ai_generated_at, updated_at)
          values (${fileId}, ${ctx.dealId}, ${m.custom_file_category ?? null}, ${m.document_type ?? null}, ${m.quick_summary ?? null},
            ${m.confidentiality_level ?? null}, ${m.date_range_start ?? null}::text::date, ${m.date_range_end ?? null}::text::date,
            ${m.people_mentioned ?? []}, ${m.named_organizations ?? []}, ${m.languages_used ?? []}, now(), now())
          on conflict (file_id) do update set
            custom_file_category = excluded.custom_file_category, document_type = excluded.document_type,
            quick_summary = excluded.quick_summary, confidentiality_level = excluded.confidentiality_level,
            date_range_start = excluded.date_range_start, date_range_end = excluded.date_range_end,
            people_mentioned = excluded.people_mentioned, named_organizations = excluded.named_organizations,
            languages_used = excluded.languages_used, ai_generated_at = now(), updated_at = now()`;
        await tx`update public.files set edit_version = edit_version + 1, edited_by = ${ctx.userId} where id = ${fileId}`;
      }
      const [metadata] = await tx`
        select m.custom_file_category, m.document_type, m.quick_summary, m.confidentiality_level,
               m.date_range_start::text, m.date_range_end::text, m.people_mentioned, m.named_organizations,
               m.languages_used, m.ai_generated_at, m.updated_at
        from public.file_metadata m where m.file_id = ${fileId}`;
      return {
        metadata: { ...(metadata ?? {}), formatted_title: merged.formatted_title ?? null, file_size: file.size_bytes },
        filled_fields: filledFields,
        filled,
        not_found: missing,
        message,
      } as GeneratedMetadataResult;
    });
    return c.json(result);
  });

  return app;
}
