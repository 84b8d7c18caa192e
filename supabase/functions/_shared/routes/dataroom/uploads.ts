import { Hono } from 'hono';
import { dealScoped } from '../../deal-scope.ts';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import { asUser } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { boundaryOf, readMultipart } from '../../multipart.ts';
import { readJson } from '../../validate.ts';
import {
  dealContext,
  fileExtension,
  fileIdParam,
  itemName,
  jsonField,
  loadFile,
  loadReadyFile,
  requireCapability,
  RESUMABLE_UPLOAD_SECONDS,
  storageKey,
} from './common.ts';
import { checklistItemsSchema, tagsSchema } from '../../contracts/files.ts';
import { contentTypeSchema, uploadRequest, versionRequest } from '../../contracts/uploads.ts';
import {
  fileSizeField,
  formFields,
  nameGuard,
  placeNewFile,
  recordVersion,
  serialiseCompletions,
  uploadTarget,
} from './upload-steps.ts';

/** Both upload flows of docs/product.md §7 and new versions. Bytes go to the blob store, never through memory whole. */
export function uploadRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const { maxUploadBytes } = deps.config;
  // Every statement here finds its rows by key (docs/decisions.md decision 65).
  const withDeal = dealScoped(deps, 'cached');

  // Two-step, step 1: a pending file and a signed, single-use upload URL valid for 2 hours.
  app.post('/:dealId/files/upload-url', async (c) => {
    const body = await readJson(c, uploadRequest);
    const result = await withDeal(c, async (tx, ctx) => {
      const { folderId, name } = await placeNewFile(tx, ctx, body.filename, body.path, body.on_conflict);
      const [file] = await tx<{ id: string }[]>`
        insert into public.files (deal_id, folder_id, name, file_type, content_type, tags, checklist_items, uploaded_by)
        values (${ctx.dealId}, ${folderId}, ${name}, ${fileExtension(name)}, ${body.content_type},
                ${body.tags ?? []}::text[], ${body.checklist_items ?? []}::uuid[], ${ctx.userId})
        returning id`;
      const key = storageKey(ctx.dealId, file.id, 1);
      await tx`
        insert into public.upload_grants (storage_key, file_id, deal_id, version_number, original_name, content_type, created_by, expires_at)
        values (${key}, ${file.id}, ${ctx.dealId}, 1, ${name}, ${body.content_type}, ${ctx.userId},
                now() + make_interval(secs => ${RESUMABLE_UPLOAD_SECONDS}))`;
      const target = await uploadTarget(deps, key, body.content_type);
      return { file_id: file.id, filename: name, ...target, storage_path: key, max_bytes: maxUploadBytes };
    });
    return c.json(result);
  });

  // Two-step, step 3: verify what arrived and make the file visible. Idempotent.
  app.post('/:dealId/files/:fileId/upload-complete', async (c) => {
    const declared = fileSizeField(await formFields(c));
    const result = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      await serialiseCompletions(tx, fileId);
      const file = await loadFile(tx, ctx.dealId, fileId);
      if (file.upload_state === 'ready') {
        if (Number(file.size_bytes) !== declared)
          throw new HttpError(400, `This upload was completed with ${file.size_bytes} bytes, not ${declared}.`);
        return loadReadyFile(tx, ctx.dealId, fileId);
      }
      const [grant] = await tx`select * from public.upload_grants where file_id = ${fileId} and version_number = 1`;
      if (!grant) throw new HttpError(400, 'No upload was started for this file.');
      return nameGuard(tx, file.name as string, file.folder_id as string | null, ctx.dealId, async () => {
        const stored = await recordVersion(deps, tx, grant, declared, ctx.userId);
        await tx`update public.files set upload_state = 'ready', current_version = 1, size_bytes = ${stored.size}
                 where id = ${fileId}`;
        return loadReadyFile(tx, ctx.dealId, fileId);
      });
    });
    return c.json(result);
  });

  // Direct: one multipart request with the fields and the file, streamed to the store.
  app.post('/:dealId/files/upload', async (c) => {
    const declared = Number(c.req.header('content-length') ?? NaN);
    if (declared > maxUploadBytes + 1024 * 1024)
      throw new HttpError(413, `The file is larger than the limit of ${maxUploadBytes} bytes.`);
    const boundary = boundaryOf(c.req.header('content-type'));
    const claims = c.get('claims');
    // Check the right to upload before reading any bytes.
    const ctx = await asUser(deps.sql, claims, async (tx) => {
      const context = await dealContext(tx, c, claims.sub);
      requireCapability(context, 'upload', 'upload files');
      return context;
    });
    const fileId = crypto.randomUUID();
    const key = storageKey(ctx.dealId, fileId, 1);
    const fields: Record<string, string> = {};
    let upload: { filename: string; contentType: string; size: number; sha256: string } | undefined;
    try {
      for await (const part of readMultipart(c.req.raw.body, boundary)) {
        if (part.kind === 'field') fields[part.name] = part.value;
        else if (!upload && part.name === 'file') {
          const stored = await deps.blobs.put(key, part.bytes, { maxBytes: maxUploadBytes, contentType: part.contentType });
          upload = { filename: part.filename, contentType: part.contentType, ...stored };
        }
      }
      if (!upload) throw new HttpError(400, 'The form has no file.');
      const stored = upload;
      const tags = jsonField(tagsSchema, fields.tags, 'tags');
      const checklistItems = jsonField(checklistItemsSchema, fields.checklist_items, 'checklist_items');
      const contentType = contentTypeSchema.safeParse(stored.contentType).data ?? 'application/octet-stream';
      const file = await withDeal(c, async (tx, dealCtx) => {
        const { folderId, name } = await placeNewFile(
          tx,
          dealCtx,
          fields.filename || stored.filename,
          fields.path,
          fields.on_conflict ?? 'error',
        );
        return nameGuard(tx, name, folderId, dealCtx.dealId, async () => {
          await tx`
            insert into public.files (id, deal_id, folder_id, name, file_type, content_type, tags, checklist_items, uploaded_by)
            values (${fileId}, ${dealCtx.dealId}, ${folderId}, ${name}, ${fileExtension(name)}, ${contentType},
                    ${tags}::text[], ${checklistItems}::uuid[], ${dealCtx.userId})`;
          await tx`
            insert into public.upload_grants (storage_key, file_id, deal_id, version_number, original_name, content_type, created_by, expires_at, completed_at)
            values (${key}, ${fileId}, ${dealCtx.dealId}, 1, ${name}, ${contentType}, ${dealCtx.userId}, now(), now())`;
          await tx`
            insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name, content_type, uploaded_by)
            values (${fileId}, ${dealCtx.dealId}, 1, ${key}, ${stored.size}, ${stored.sha256}, ${name}, ${contentType}, ${dealCtx.userId})`;
          await tx`update public.files set upload_state = 'ready', current_version = 1, size_bytes = ${stored.size} where id = ${fileId}`;
          return loadReadyFile(tx, dealCtx.dealId, fileId);
        });
      });
      return c.json({ file_id: fileId, file }, 201);
    } catch (err) {
      await deps.blobs.delete([key]).catch(() => {});
      throw err;
    }
  });

  // New version, step 1: reserve the next version number and hand out its upload URL.
  app.post('/:dealId/files/:fileId/versions/upload-url', async (c) => {
    const body = await readJson(c, versionRequest);
    const result = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      const file = await loadReadyFile(tx, ctx.dealId, fileId);
      if (!(ctx.role === 'admin' || file.uploaded_by === ctx.userId || ctx.capabilities.has('edit_files'))) {
        throw new HttpError(403, "You don't have permission to upload a new version of this file.");
      }
      const originalName =
        body.filename === undefined || body.filename === '' ? (file.name as string) : itemName(body.filename, 'file');
      // Lock the file row so two version uploads cannot take the same number.
      await tx`select 1 from public.files where id = ${fileId} for update`;
      let [{ next }] = await tx<{ next: number }[]>`
        select greatest(
          (select coalesce(max(version_number), 0) from public.file_versions where file_id = ${fileId}),
          (select coalesce(max(version_number), 0) from public.upload_grants where file_id = ${fileId})) + 1 as next`;
      // RLS shows each person only their own unfinished grants, so another member's may hold `next`:
      // the unique key tells us, and we take the following number.
      let key: string;
      for (let attempt = 0; ; attempt++) {
        key = storageKey(ctx.dealId, fileId, next);
        try {
          await tx.savepoint(
            (sp) => sp`
            insert into public.upload_grants (storage_key, file_id, deal_id, version_number, original_name, content_type, created_by, expires_at)
            values (${key}, ${fileId}, ${ctx.dealId}, ${next}, ${originalName}, ${body.content_type}, ${ctx.userId},
                    now() + make_interval(secs => ${RESUMABLE_UPLOAD_SECONDS}))`,
          );
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '23505' || attempt >= 50) throw err;
          next++;
        }
      }
      const target = await uploadTarget(deps, key, body.content_type);
      return { ...target, storage_path: key, next_version_number: next, max_bytes: maxUploadBytes };
    });
    return c.json(result);
  });

  // New version, step 3: the storage path must be one this server handed out for this file.
  app.post('/:dealId/files/:fileId/versions/upload-complete', async (c) => {
    const fields = await formFields(c);
    const declared = fileSizeField(fields);
    const storagePath = fields.storage_path;
    if (!storagePath) throw new HttpError(400, 'storage_path is required.');
    const result = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      await serialiseCompletions(tx, fileId);
      await loadReadyFile(tx, ctx.dealId, fileId);
      const [grant] = await tx`
        select * from public.upload_grants where storage_key = ${storagePath} and file_id = ${fileId}`;
      if (!grant) throw new HttpError(400, 'That storage_path was not issued for this file.');
      if (!grant.completed_at) {
        const stored = await recordVersion(deps, tx, grant, declared, ctx.userId);
        await tx`
          update public.files set current_version = ${grant.version_number}, size_bytes = ${stored.size},
                 content_type = ${grant.content_type}, ai_status = 'not_started'
          where id = ${fileId} and current_version < ${grant.version_number}`;
      }
      return loadReadyFile(tx, ctx.dealId, fileId);
    });
    return c.json(result);
  });

  return app;
}
