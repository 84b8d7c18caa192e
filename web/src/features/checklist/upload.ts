import { API_BASE, ApiError, api, browser, clearToken, DEFAULT_TIMEOUT_MS, getToken, isAbortError } from '../../lib/api';

/**
 * Uploading a file into a checklist item: the data room's two-step upload (docs/product.md §7 Files) with the
 * item in `checklist_items`, into the root folder.
 */

export interface UploadTarget {
  file_id: string;
  filename?: string;
  upload_url: string;
  upload_fields?: Record<string, string> | null;
}

/** System files the browser may hand over on a drop; never uploaded (docs/product.md §5). */
export const IGNORED_FILE_NAMES = new Set(['.ds_store', 'thumbs.db']);

export function isIgnoredFile(name: string): boolean {
  return IGNORED_FILE_NAMES.has(name.trim().toLowerCase());
}

export const requestUploadUrl = (
  dealId: string,
  itemId: string,
  file: { name: string; type: string },
  keepBoth: boolean,
  signal?: AbortSignal,
) =>
  api.post<UploadTarget>(
    `/deals/${encodeURIComponent(dealId)}/files/upload-url`,
    {
      filename: file.name,
      content_type: file.type || 'application/octet-stream',
      path: '/',
      checklist_items: [itemId],
      ...(keepBoth ? { on_conflict: 'keep_both' } : {}),
    },
    { signal },
  );

/** Sends the bytes to the signed storage URL as a multipart form, with progress (XHR: fetch cannot report it). */
export function postToStorage(
  target: UploadTarget,
  file: Blob & { name?: string },
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(target.upload_fields ?? {})) form.append(key, value);
    form.append('file', file, file.name ?? 'file');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.upload_url);
    xhr.withCredentials = false;
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(event.loaded, file.size));
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size);
        resolve();
        return;
      }
      let detail: string | undefined;
      try {
        const body = JSON.parse(xhr.responseText) as { detail?: unknown };
        if (typeof body?.detail === 'string') detail = body.detail;
      } catch {
        /* not JSON */
      }
      reject(new ApiError(detail ?? `Storage upload failed with status ${xhr.status}`, { status: xhr.status, detail }));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError('Network connection failed', { kind: 'network' }));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(form);
  });
}

/** Step 3: POST upload-complete with the form field file_size (same contract as the shared client). */
export async function completeUpload(dealId: string, fileId: string, size: number, signal?: AbortSignal): Promise<void> {
  const path = `/deals/${encodeURIComponent(dealId)}/files/${encodeURIComponent(fileId)}/upload-complete`;
  const form = new FormData();
  form.append('file_size', String(size));
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, DEFAULT_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let response: Response;
  try {
    response = await fetch(`${API_BASE.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers,
      body: form,
      signal: controller.signal,
      credentials: 'omit',
    });
  } catch (error) {
    if (timedOut) throw new ApiError('Request timed out', { kind: 'timeout' });
    if (isAbortError(error) || signal?.aborted) throw new DOMException('The request was aborted', 'AbortError');
    throw new ApiError('Network connection failed', { kind: 'network' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  if (response.ok) return;
  if (response.status === 401) {
    clearToken();
    browser.redirectToLogin();
  }
  let detail: string | undefined;
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body?.detail === 'string') detail = body.detail;
  } catch {
    /* not JSON */
  }
  throw new ApiError(detail ?? `Request failed with status ${response.status}`, { status: response.status, detail });
}

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed' | 'conflict';

export interface UploadEntry {
  key: string;
  file: File;
  loaded: number;
  state: UploadState;
  error?: string;
  savedAs?: string;
  keepBoth?: boolean;
}

/** Percent of one entry's bytes sent (100 once done, whatever the size). */
export function uploadPercent(entry: Pick<UploadEntry, 'loaded' | 'state' | 'file'>): number {
  if (entry.state === 'done') return 100;
  if (!entry.file.size) return entry.state === 'uploading' ? 50 : 0;
  return Math.max(0, Math.min(99, Math.round((entry.loaded / entry.file.size) * 100)));
}

/** The whole upload of one file into an item; a name clash is a 409 ApiError the caller offers to keep both. */
export async function uploadIntoItem(
  dealId: string,
  itemId: string,
  file: File,
  options: { keepBoth?: boolean; onProgress: (loaded: number) => void; signal?: AbortSignal },
): Promise<{ fileId: string; savedAs: string }> {
  const target = await requestUploadUrl(dealId, itemId, file, Boolean(options.keepBoth), options.signal);
  await postToStorage(target, file, options.onProgress, options.signal);
  await completeUpload(dealId, target.file_id, file.size, options.signal);
  return { fileId: target.file_id, savedAs: target.filename ?? file.name };
}
