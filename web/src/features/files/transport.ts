import { ApiError } from '../../lib/api';

/**
 * Sends a file to a signed storage URL as a multipart form (the signed fields, then the file under `file`),
 * with progress. XMLHttpRequest because fetch cannot report upload progress. A non-ok reply raises an
 * ApiError carrying the HTTP status and the store's detail (e.g. 413 too large, 403 link used or expired).
 */
export function postToStorage(
  url: string,
  fields: Record<string, string> | null | undefined,
  file: Blob,
  options: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(fields ?? {})) form.append(key, value);
    form.append('file', file, (file as File).name ?? 'file');

    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = false;
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanup = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.min(event.loaded, file.size), file.size);
    };
    xhr.onload = () => {
      cleanup();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(file.size, file.size);
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
      cleanup();
      reject(new ApiError('Network connection failed', { kind: 'network' }));
    };
    xhr.onabort = () => {
      cleanup();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(form);
  });
}
