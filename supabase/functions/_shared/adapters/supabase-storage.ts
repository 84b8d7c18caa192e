import type { BlobStore, StoredObject } from '../ports.ts';
import { HttpError } from '../errors.ts';

/**
 * Supabase Storage, private bucket `deal-files`, through its REST API with the service role key.
 * Signed upload URLs are single use by Storage's own rules; downloads are signed and short-lived.
 */
export function supabaseStorage(opts: { url: string; serviceRoleKey: string; bucket?: string }): BlobStore {
  const base = `${opts.url.replace(/\/$/, '')}/storage/v1`;
  const bucket = opts.bucket ?? 'deal-files';
  const headers = { authorization: `Bearer ${opts.serviceRoleKey}`, apikey: opts.serviceRoleKey };
  const objectPath = (key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

  return {
    async createUploadUrl(key) {
      const res = await fetch(`${base}/object/upload/sign/${objectPath(key)}`, { method: 'POST', headers });
      if (!res.ok) throw new Error(`Storage refused a signed upload URL (${res.status})`);
      const { url } = await res.json() as { url: string };
      return { url: `${base}${url}`, fields: { method: 'PUT' } };
    },
    async createDownloadUrl(key, { filename, expiresInSeconds }) {
      const res = await fetch(`${base}/object/sign/${objectPath(key)}`, {
        method: 'POST', headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ expiresIn: expiresInSeconds }),
      });
      if (!res.ok) throw new Error(`Storage refused a signed download URL (${res.status})`);
      const { signedURL } = await res.json() as { signedURL: string };
      return `${base}${signedURL}&download=${encodeURIComponent(filename)}`;
    },
    async put(key, body, { maxBytes, contentType }) {
      // Storage enforces the bucket's size limit while streaming; we check what it reports.
      const res = await fetch(`${base}/object/${objectPath(key)}`, {
        method: 'POST', headers: { ...headers, 'content-type': contentType, 'x-upsert': 'false' },
        body, duplex: 'half',
      } as RequestInit);
      if (res.status === 413) throw new HttpError(413, `The file is larger than the limit of ${maxBytes} bytes.`);
      if (!res.ok) throw new Error(`Storage refused the upload (${res.status})`);
      const stored = await this.stat(key);
      if (!stored) throw new Error('Storage lost the upload');
      if (stored.size > maxBytes) {
        await this.delete([key]);
        throw new HttpError(413, `The file is larger than the limit of ${maxBytes} bytes.`);
      }
      return stored;
    },
    async stat(key): Promise<StoredObject | undefined> {
      // Storage keeps no SHA-256: read the object once to compute it (bounded by the function's memory).
      const res = await fetch(`${base}/object/authenticated/${objectPath(key)}`, { headers });
      if (res.status === 404 || res.status === 400) return undefined;
      if (!res.ok) throw new Error(`Storage could not read the object (${res.status})`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const digest = await crypto.subtle.digest('SHA-256', bytes);
      return { size: bytes.length, sha256: Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('') };
    },
    async delete(keys) {
      if (!keys.length) return;
      const res = await fetch(`${base}/object/${bucket}`, {
        method: 'DELETE', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ prefixes: keys }),
      });
      if (!res.ok) throw new Error(`Storage could not delete objects (${res.status})`);
    },
  };
}
