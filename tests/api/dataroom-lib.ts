/** Shared steps for the data-room API tests (tests/api/dataroom-*.test.ts). */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect } from 'vitest';
import { app, blobDir, call, createDeal, registerUser, sql, storage, type TestUser, newMember } from './helpers.ts';

export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Every object the store may hold, and the store's own record of used upload URLs. */
export const OBJECT_RE = new RegExp(`^deals/${UUID}/files/${UUID}/v[1-9][0-9]*(\\.meta\\.json)?$`);
export const NONCE_RE = /^\.used-upload-urls\/[0-9a-f]{32}$/;

export { sha256 } from './store-server.ts';
export const random = (n: number) => new Uint8Array(randomBytes(n));
/** A string's UTF-8 bytes, to upload as a file's contents. */
export const text = (s: string) => new TextEncoder().encode(s);

export interface Room {
  owner: TestUser;
  deal: { id: string };
  base: string;
}

/** A fresh owner with a fresh deal (blank checklist), its name too; the people tests' peopleRoom as well. */
export async function room(label = 'dr', dealName = `${label} deal`): Promise<Room & { deal: { name: string } }> {
  const owner = await registerUser(`${label}-owner`);
  const deal = await createDeal(owner, dealName, 'blank');
  return { owner, deal, base: `/deals/${deal.id}` };
}

/** Real checklist items of the room's deal (files may only link to their own deal's items). */
export async function checklistItems(r: Room, n: number): Promise<string[]> {
  const cat = await call('POST', `${r.base}/checklist/categories`, {
    token: r.owner.token,
    body: { name: `Links ${Math.random().toString(36).slice(2, 8)}` },
  });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const item = await call('POST', `${r.base}/checklist/items`, {
      token: r.owner.token,
      body: { name: `Item ${i + 1}`, category_id: cat.body.id },
    });
    ids.push(item.body.id);
  }
  return ids;
}

export const member = (r: Room, role: 'admin' | 'contributor' | 'viewer', label: string = role) =>
  newMember(r.deal.id, role, label);

export const storePath = (url: string) => {
  expect(url.startsWith('/storage/v1/')).toBe(true);
  return url.slice('/storage/v1'.length);
};

/** Posts a multipart form with one file to a signed upload URL (as the browser would). */
export function postToStore(url: string, bytes: Uint8Array, name = 'file.bin', type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart], { type }), name);
  return storage.routes.request(storePath(url), { method: 'POST', body: form });
}

export function getFromStore(url: string) {
  return storage.routes.request(storePath(url));
}

export type CompleteAs = 'json' | 'multipart' | 'urlencoded';

/** POSTs form fields as JSON, multipart/form-data or application/x-www-form-urlencoded. */
export function postFields(path: string, token: string, fields: Record<string, string | number>, as: CompleteAs = 'multipart') {
  if (as === 'json') return call('POST', path, { token, body: fields });
  if (as === 'urlencoded') {
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
    return call('POST', path, { token, rawBody: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }
  return requestJson(path, token, formOf(fields));
}

export function formOf(fields: Record<string, string | number>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  return form;
}

/** A request to the API with any body; the answer parsed as JSON when it is JSON. */
export async function requestJson(
  path: string,
  token: string | undefined,
  body: BodyInit,
  init: RequestInit & { headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await app.request(path, {
    method: 'POST',
    ...init,
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export interface UploadOptions {
  filename: string;
  bytes?: Uint8Array;
  path?: string;
  tags?: string[];
  checklist_items?: string[];
  content_type?: string;
  on_conflict?: 'error' | 'keep_both';
  completeAs?: CompleteAs;
}

/** The two-step upload: upload-url, the bytes to the signed URL, upload-complete. Expects success. */
export async function twoStep(r: Room, user: TestUser, opts: UploadOptions) {
  const bytes = opts.bytes ?? random(1000);
  const start = await call('POST', `${r.base}/files/upload-url`, {
    token: user.token,
    body: {
      filename: opts.filename,
      content_type: opts.content_type ?? 'application/octet-stream',
      path: opts.path ?? '/',
      tags: opts.tags,
      checklist_items: opts.checklist_items,
      on_conflict: opts.on_conflict,
    },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const stored = await postToStore(start.body.upload_url, bytes, opts.filename, opts.content_type);
  expect(stored.status).toBe(201);
  const done = await postFields(
    `${r.base}/files/${start.body.file_id}/upload-complete`,
    user.token,
    { file_size: bytes.length },
    opts.completeAs,
  );
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { fileId: start.body.file_id as string, file: done.body, start: start.body, bytes };
}

/** A two-step upload of a small text file as `user` (text/plain unless told): what the AI tests give the worker to read. */
export const uploadText = (r: Room, user: TestUser, filename: string, body: string, content_type = 'text/plain') =>
  twoStep(r, user, { filename, content_type, bytes: text(body) });

/**
 * A new version of a file: versions/upload-url, the bytes to the signed URL, versions/upload-complete.
 * Expects the first two to succeed; answers the start and the raw answer of upload-complete (`done`).
 */
export async function newVersion(
  r: Room,
  user: TestUser,
  fileId: string,
  bytes: Uint8Array,
  { filename, content_type = 'text/plain' }: { filename?: string; content_type?: string } = {},
) {
  const start = await call('POST', `${r.base}/files/${fileId}/versions/upload-url`, {
    token: user.token,
    body: { filename, content_type },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect((await postToStore(start.body.upload_url, bytes, filename, content_type)).status).toBe(201);
  const done = await postFields(`${r.base}/files/${fileId}/versions/upload-complete`, user.token, {
    storage_path: start.body.storage_path,
    file_size: bytes.length,
  });
  return { start: start.body, done };
}

/** The direct upload: one multipart request with fields and the file. Returns the raw answer. */
export function direct(r: Room, user: TestUser, opts: UploadOptions & { fields?: Record<string, string> }) {
  const form = new FormData();
  if (opts.path !== undefined) form.append('path', opts.path);
  if (opts.tags) form.append('tags', JSON.stringify(opts.tags));
  if (opts.checklist_items) form.append('checklist_items', JSON.stringify(opts.checklist_items));
  if (opts.on_conflict) form.append('on_conflict', opts.on_conflict);
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  form.append(
    'file',
    new Blob([(opts.bytes ?? random(1000)) as BlobPart], { type: opts.content_type ?? 'application/octet-stream' }),
    opts.filename,
  );
  return requestJson(`${r.base}/files/upload`, user.token, form);
}

/** Direct upload that must succeed. */
export async function directOk(r: Room, user: TestUser, opts: UploadOptions & { fields?: Record<string, string> }) {
  const bytes = opts.bytes ?? random(1000);
  const res = await direct(r, user, { ...opts, bytes });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { fileId: res.body.file_id as string, file: res.body.file, bytes };
}

/** Asks for a download URL and fetches it; the bytes and headers of the answer. */
export async function download(r: Room, user: TestUser, fileId: string, version?: number) {
  const path = version ? `${r.base}/files/${fileId}/versions/${version}/download-url` : `${r.base}/files/${fileId}/download-url`;
  const url = await call('GET', path, { token: user.token });
  expect(url.status, JSON.stringify(url.body)).toBe(200);
  const res = await getFromStore(url.body.download_url);
  expect(res.status).toBe(200);
  return { bytes: new Uint8Array(await res.arrayBuffer()), headers: res.headers, url: url.body };
}

/** Every file under the blob store's folder, relative, with forward slashes. */
export function walk(dir = blobDir): string[] {
  const out: string[] = [];
  const visit = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) visit(full);
      else out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  visit(dir);
  return out.sort();
}

/** The stored objects (not metadata, not temp files) of one deal. */
export const objectsOf = (dealId: string) => walk().filter((p) => p.startsWith(`deals/${dealId}/`));

export const objectPath = (dealId: string, fileId: string, v: number) => `deals/${dealId}/files/${fileId}/v${v}`;

export async function fileRows(dealId: string) {
  return sql<{ id: string; name: string; upload_state: string; archived_at: Date | null }[]>`
    select id, name, upload_state, archived_at from public.files where deal_id = ${dealId} order by name`;
}

export async function versionRows(fileId: string) {
  return sql<{ version_number: number; size_bytes: string; sha256: string; storage_key: string }[]>`
    select version_number, size_bytes, sha256, storage_key from public.file_versions where file_id = ${fileId} order by version_number`;
}

export async function activities(dealId: string, type?: string) {
  return sql<{ activity_type: string; description: string; metadata: any; user_id: string }[]>`
    select activity_type, description, metadata, user_id from public.activities
    where deal_id = ${dealId} and (${type ?? null}::text is null or activity_type = ${type ?? null})
    order by created_at, id`;
}

/** Names in a listing answer. */
export const names = (xs: { name: string }[]) => xs.map((x) => x.name);

export async function mkdir(r: Room, user: TestUser, name: string, path = '/') {
  const res = await call('POST', `${r.base}/folders`, { token: user.token, body: { name, path } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; full_path: string; path: string };
}

/** Waits until a stream's reader has asked for more, so a request is known to be in the middle. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
