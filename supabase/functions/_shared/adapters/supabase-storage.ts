import { createHash } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import type { BlobStore, StoredObject } from '../ports.ts';
import { HttpError } from '../errors.ts';

/** Size and SHA-256 of a stream, read chunk by chunk: Storage keeps no digest, and files reach gigabytes. */
async function digestOf(body: ReadableStream<Uint8Array>): Promise<StoredObject> {
  const hash = createHash('sha256');
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { size, sha256: hash.digest('hex') };
    size += value.length;
    hash.update(value);
  }
}

/**
 * Supabase Storage, private bucket `deal-files`, with the service role key: signed URLs and removal
 * through `@supabase/supabase-js`; the object's bytes through Storage's REST API directly, streamed and
 * hashed on the way (supabase-js buffers a download whole, and files reach gigabytes). Signed upload
 * URLs are single use by Storage's own rules; downloads are signed and short-lived; resumable uploads
 * use Storage's tus endpoint.
 */
/** Seconds-since-epoch `exp` of a JWT, read without verifying (Storage signed it; we only report it). */
function expiryOf(token: string): Date | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}

/** Bytes `start` to `end` (both included) of a stream of chunks. */
async function* sliceOf(chunks: AsyncIterable<Uint8Array>, start: number, end: number): AsyncGenerator<Uint8Array> {
  let at = 0;
  for await (const chunk of chunks) {
    const from = Math.max(0, start - at);
    const to = Math.min(chunk.length, end + 1 - at);
    if (to > from) yield chunk.subarray(from, to);
    at += chunk.length;
    if (at > end) return;
  }
}

// Storage's resumable endpoint takes chunks of exactly 6 MiB (docs/decisions.md decision 24).
const STORAGE_TUS_CHUNK_BYTES = 6 * 1024 * 1024;

export function supabaseStorage(opts: { url: string; serviceRoleKey: string; anonKey: string; bucket?: string }): BlobStore {
  const base = `${opts.url.replace(/\/$/, '')}/storage/v1`;
  const bucket = opts.bucket ?? 'deal-files';
  const headers = { authorization: `Bearer ${opts.serviceRoleKey}`, apikey: opts.serviceRoleKey };
  const objectPath = (key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  // Made at first use: supabase-js refuses an empty key, and an entry point built without Storage
  // (the embedded-auth smoke test) must still start.
  let client: ReturnType<ReturnType<typeof createClient>['storage']['from']> | undefined;
  const files = () =>
    (client ??= createClient(opts.url, opts.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }).storage.from(bucket));

  return {
    async createUploadUrl(key, { resumableSeconds, contentType }) {
      const { data, error } = await files().createSignedUploadUrl(key);
      if (error) throw new Error(`Storage refused a signed upload URL: ${error.message}`);
      // The signed URL lives as long as Storage's UPLOAD_SIGNED_URL_EXPIRATION_TIME (60 s by default),
      // whatever we ask: report the token's own expiry.
      const expiresAt = expiryOf(data.token) ?? new Date(Date.now() + 60_000);
      return {
        url: data.signedUrl,
        fields: { method: 'PUT' },
        expiresAt,
        // Resumable uploads go as the signed-in person: Storage checks the storage.objects insert policy,
        // which admits exactly the keys of that person's open, unexpired upload grants.
        resumable: {
          endpoint: `${base}/upload/resumable`,
          headers: { apikey: opts.anonKey, 'x-upsert': 'false' },
          withAccessToken: true,
          metadata: { bucketName: bucket, objectName: key, contentType, cacheControl: '3600' },
          chunkSize: STORAGE_TUS_CHUNK_BYTES,
          expiresAt: new Date(Date.now() + resumableSeconds * 1000),
        },
      };
    },
    async createDownloadUrl(key, { filename, expiresInSeconds }) {
      // Storage serves the URL and answers Range (206, 416) itself; `download` only names the attachment (decision 45).
      const { data, error } = await files().createSignedUrl(key, expiresInSeconds, { download: filename });
      if (error) throw new Error(`Storage refused a signed download URL: ${error.message}`);
      return data.signedUrl;
    },
    async put(key, body, { maxBytes, contentType }) {
      // Hashed and metered on the way to Storage, so nothing is read back; past maxBytes the upload is aborted.
      const hash = createHash('sha256');
      let size = 0;
      let tooLarge = false;
      const chunks = body[Symbol.asyncIterator]();
      const metered = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { value, done } = await chunks.next();
          if (done) return controller.close();
          size += value.length;
          if (size > maxBytes) {
            tooLarge = true;
            await chunks.return?.();
            return controller.error(new HttpError(413, `The file is larger than the limit of ${maxBytes} bytes.`));
          }
          hash.update(value);
          controller.enqueue(value);
        },
        async cancel() {
          await chunks.return?.();
        },
      });
      let res: Response;
      try {
        res = await fetch(`${base}/object/${objectPath(key)}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': contentType, 'x-upsert': 'false' },
          body: metered,
          duplex: 'half',
        } as RequestInit);
      } catch (err) {
        if (tooLarge) throw new HttpError(413, `The file is larger than the limit of ${maxBytes} bytes.`);
        throw err;
      }
      if (res.status === 413 || tooLarge) throw new HttpError(413, `The file is larger than the limit of ${maxBytes} bytes.`);
      if (!res.ok) throw new Error(`Storage refused the upload (${res.status})`);
      await res.body?.cancel();
      return { size, sha256: hash.digest('hex') };
    },
    async stat(key): Promise<StoredObject | undefined> {
      // Storage keeps no SHA-256: read the object once, streaming, to compute it.
      const res = await fetch(`${base}/object/authenticated/${objectPath(key)}`, { headers });
      if (res.status === 404 || res.status === 400) return undefined;
      if (!res.ok || !res.body) throw new Error(`Storage could not read the object (${res.status})`);
      return digestOf(res.body);
    },
    async read(key, maxBytes) {
      if (maxBytes <= 0) return new Uint8Array(0);
      const res = await fetch(`${base}/object/authenticated/${objectPath(key)}`, {
        headers: { ...headers, range: `bytes=0-${maxBytes - 1}` },
      });
      if (res.status === 404 || res.status === 400) return undefined;
      if (!res.ok || !res.body) throw new Error(`Storage could not read the object (${res.status})`);
      // A server that ignores Range sends everything: stop reading at maxBytes.
      const out = new Uint8Array(maxBytes);
      let size = 0;
      const reader = res.body.getReader();
      while (size < maxBytes) {
        const { value, done } = await reader.read();
        if (done) break;
        const take = Math.min(value.length, maxBytes - size);
        out.set(value.subarray(0, take), size);
        size += take;
      }
      await reader.cancel().catch(() => {});
      return out.subarray(0, size);
    },
    async stream(key, range) {
      const res = await fetch(`${base}/object/authenticated/${objectPath(key)}`, {
        headers: range ? { ...headers, range: `bytes=${range.start}-${range.end}` } : headers,
      });
      if (res.status === 404 || res.status === 400) return undefined;
      if (!res.ok || !res.body) throw new Error(`Storage could not read the object (${res.status})`);
      const body = res.body as unknown as AsyncIterable<Uint8Array>;
      // A server that ignores Range sends everything: keep only the bytes asked for.
      return range && res.status !== 206 ? sliceOf(body, range.start, range.end) : body;
    },
    async delete(keys) {
      if (!keys.length) return;
      const { error } = await files().remove(keys);
      if (error) throw new Error(`Storage could not delete objects: ${error.message}`);
    },
  };
}
