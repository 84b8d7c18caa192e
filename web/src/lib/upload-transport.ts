import { SEND_WITH_CREATION_MAX_BYTES, type ResumableUpload } from '@contracts/dataroom';
import { ApiError, UNFINISHED_UPLOADS_KEY, getToken, isAbortError, renewSession } from './api/client';

/** What upload-url (a new file or a new version) answers about where the bytes go. */
export interface StorageTarget {
  resumable: ResumableUpload;
}

// After a dropped connection, try again at once, then back off; each try resumes from the server's offset.
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

function storageError(status: number, body: string | undefined): ApiError {
  let detail: string | undefined;
  try {
    const parsed = JSON.parse(body ?? '') as { detail?: unknown };
    if (typeof parsed?.detail === 'string') detail = parsed.detail;
  } catch {
    /* not JSON: Storage answers some refusals as text */
    if (body?.trim()) detail = body.trim();
  }
  if (!status) return new ApiError('Network connection failed', { kind: 'network' });
  return new ApiError(detail ?? `Storage upload failed with status ${status}`, { status, detail });
}

/**
 * Sends a file to storage as a resumable (tus) upload, in the chunks the store asks for, with progress:
 * a dropped connection resumes where the server's offset says instead of starting over. The same client
 * on both platforms (the embedded server's endpoint, Supabase Storage's). A refusal raises an ApiError
 * carrying the HTTP status and the store's detail (e.g. 413 too large, 403 link used or expired).
 */
export async function sendToStorage(
  target: StorageTarget,
  file: Blob,
  options: {
    onProgress?: (loaded: number, total: number) => void;
    signal?: AbortSignal;
    /** The tus URL of this upload from an earlier try: resumed from storage's offset instead of created. */
    uploadUrl?: string;
    /** Called once storage has named the upload (its tus URL), so a later try can resume it. */
    onUploadUrl?: (url: string) => void;
    /** Called with the bytes storage has confirmed after each chunk: where a later try goes on from. */
    onStored?: (bytes: number) => void;
  } = {},
): Promise<void> {
  const abortError = () => new DOMException('The upload was cancelled', 'AbortError');
  if (options.signal?.aborted) throw abortError();
  // Loaded with the first upload, not with the app's first screen.
  const { Upload } = await import('tus-js-client');
  const { resumable } = target;
  const endpoint = new URL(resumable.endpoint, window.location.origin).toString();
  // An access token refused meanwhile (Supabase): renewed, awaited before the next request; refused again
  // before any chunk got through with the renewed one, it is a real refusal.
  let renewal: Promise<boolean> | undefined;
  let renewedSinceProgress = false;

  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint,
      headers: resumable.headers,
      metadata: resumable.metadata,
      chunkSize: resumable.chunk_size,
      uploadSize: file.size,
      // A small file's bytes go with the creation request: one round trip fewer (decision 73).
      uploadDataDuringCreation: file.size <= SEND_WITH_CREATION_MAX_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      // One grant is one upload: a later try of the same upload passes its URL (uploadResumably).
      storeFingerprintForResuming: false,
      onUploadUrlAvailable() {
        if (upload.url) options.onUploadUrl?.(upload.url);
      },
      async onBeforeRequest(req) {
        if (!resumable.with_access_token) return;
        await renewal;
        req.setHeader('Authorization', `Bearer ${getToken() ?? ''}`);
      },
      onShouldRetry(err) {
        const status = err.originalResponse?.getStatus() ?? 0;
        if (resumable.with_access_token && (status === 401 || status === 403) && !renewedSinceProgress) {
          renewedSinceProgress = true;
          renewal = renewSession(getToken());
          return true;
        }
        // 507: the disk is full and the server dropped the upload; a retry would fill it again.
        return status === 0 || status === 409 || status === 423 || (status >= 500 && status !== 507);
      },
      onChunkComplete(_chunkSize, bytesAccepted) {
        renewedSinceProgress = false;
        options.onStored?.(bytesAccepted);
      },
      onProgress(sent, total) {
        options.onProgress?.(Math.min(sent, file.size), total || file.size);
      },
      onSuccess() {
        cleanup();
        options.onProgress?.(file.size, file.size);
        resolve();
      },
      onError(err) {
        cleanup();
        const response = (err as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
        reject(storageError(response?.getStatus() ?? 0, response?.getBody()));
      },
    });
    const onAbort = () => {
      cleanup();
      // Ends the upload on the server too, so its partial bytes go at once.
      void upload.abort(true).catch(() => {});
      reject(abortError());
    };
    const cleanup = () => options.signal?.removeEventListener('abort', onAbort);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    upload.start();
  });
}

interface UnfinishedUpload {
  destination: string;
  target: StorageTarget;
  uploadUrl?: string;
  /** Bytes storage confirmed: a later try sends only the rest. */
  stored?: number;
}

/** Uploads begun on this page that did not complete, by the file the person chose. */
const unfinished = new WeakMap<Blob, UnfinishedUpload>();

// A grant this close to its end is not worth resuming: the rest of the bytes may not make it in time.
const GRANT_MARGIN_MS = 60_000;

const grantLives = (target: StorageTarget) => Date.parse(target.resumable.expires_at) - GRANT_MARGIN_MS > Date.now();

/**
 * The same uploads kept in the browser, so a reload or a closed tab does not lose them: found again when
 * the person chooses the same file (name, size and last change: tus's own fingerprint) for the same
 * place. They hold upload grants, so they go with the session (clearToken).
 */
const savedUploads = {
  keyOf(file: Blob, destination: string): string | undefined {
    return file instanceof File ? JSON.stringify([destination, file.name, file.size, file.lastModified]) : undefined;
  },
  read(): Record<string, UnfinishedUpload> {
    try {
      const all = JSON.parse(localStorage.getItem(UNFINISHED_UPLOADS_KEY) ?? '{}') as Record<string, UnfinishedUpload>;
      return Object.fromEntries(
        Object.entries(all).filter(([, upload]) => upload?.target?.resumable && grantLives(upload.target)),
      );
    } catch {
      return {};
    }
  },
  write(all: Record<string, UnfinishedUpload>): void {
    try {
      if (Object.keys(all).length === 0) localStorage.removeItem(UNFINISHED_UPLOADS_KEY);
      else localStorage.setItem(UNFINISHED_UPLOADS_KEY, JSON.stringify(all));
    } catch {
      /* storage full or unavailable: resuming after a reload is a convenience */
    }
  },
};

/** Saved uploads this page began (their progress or failure shows where they were started). */
const startedHere = new Set<string>();

/** A saved upload this page did not begin: one a reload, a closed tab or a crash interrupted. */
export interface InterruptedUpload {
  key: string;
  /** As given to uploadResumably (for example the deal, folder and name of a new file). */
  destination: string;
  fileName: string;
  size: number;
  /** Bytes storage confirmed: what resuming will not send again. */
  stored: number;
}

export function interruptedUploads(): InterruptedUpload[] {
  const saved = savedUploads.read();
  return Object.keys(saved).flatMap((key) => {
    if (startedHere.has(key)) return [];
    try {
      const [destination, fileName, size] = JSON.parse(key) as [string, string, number];
      return [{ key, destination, fileName, size, stored: saved[key].stored ?? 0 }];
    } catch {
      return [];
    }
  });
}

/** Gives up resuming these (storage sweeps what they sent when their grants end). */
export function forgetSavedUploads(keys: string[]): void {
  const all = savedUploads.read();
  for (const key of keys) delete all[key];
  savedUploads.write(all);
}

/** A refusal that trying again cannot change (not offline, not a server fault, not a rate limit). */
const isFinalRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/**
 * One upload of `file` to `destination` (any string naming where it goes): a grant, the bytes to
 * storage, the completion. When a try fails after the grant (the connection stayed down through every
 * retry, the completion did not get through, the page was reloaded), the next try of the same file to
 * the same destination uses the same grant and resumes the same upload from storage's offset, so a
 * 4 GiB file cut at 3 GiB sends only the last GiB, and one whose bytes all arrived only completes.
 * Storage refusing the old upload (swept, expired) starts over with a new grant; cancelling forgets it.
 */
export async function uploadResumably<T extends StorageTarget, R>(
  file: Blob,
  destination: string,
  steps: { grant: () => Promise<T>; complete: (target: T) => Promise<R> },
  options: {
    onProgress?: (loaded: number, total: number) => void;
    /** The bytes storage holds of this upload, as each chunk is confirmed (and at once when resuming). */
    onStored?: (bytes: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<R> {
  const key = savedUploads.keyOf(file, destination);
  if (key) startedHere.add(key);
  const earlier = unfinished.get(file) ?? (key ? savedUploads.read()[key] : undefined);
  const resuming = earlier?.destination === destination && grantLives(earlier.target) ? earlier : undefined;
  const upload: UnfinishedUpload = resuming ?? { destination, target: await steps.grant() };
  unfinished.set(file, upload);
  if (upload.stored) options.onStored?.(upload.stored);
  const forget = () => {
    unfinished.delete(file);
    if (key) forgetSavedUploads([key]);
    options.onStored?.(0);
  };
  const isFinal = (error: unknown) => isAbortError(error) || isFinalRefusal(error);
  try {
    await sendToStorage(upload.target, file, {
      ...options,
      uploadUrl: upload.uploadUrl,
      onUploadUrl: (url) => {
        upload.uploadUrl = url;
        if (key) savedUploads.write({ ...savedUploads.read(), [key]: upload });
      },
      onStored: (bytes) => {
        upload.stored = bytes;
        if (key && upload.uploadUrl) savedUploads.write({ ...savedUploads.read(), [key]: upload });
        options.onStored?.(bytes);
      },
    });
  } catch (error) {
    if (isFinal(error)) forget();
    // Storage no longer has the old upload: once more, with a new grant.
    if (resuming && isFinalRefusal(error)) return uploadResumably(file, destination, steps, options);
    throw error;
  }
  try {
    const result = await steps.complete(upload.target as T);
    forget();
    return result;
  } catch (error) {
    if (isFinal(error)) forget();
    throw error;
  }
}
