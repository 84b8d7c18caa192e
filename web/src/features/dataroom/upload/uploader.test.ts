import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_KEY, TOKEN_KEY, UNFINISHED_UPLOADS_KEY, clearToken } from '../../../lib/api/client';
import { jsonResponse, stubFetch } from '../../../test/utils';
import { NameConflictError } from '../../../lib/file-upload';
import { fakeTus, resumableGrant } from '../../../test/fake-tus';
import { uploadFile } from '../../../lib/file-upload';

vi.mock('tus-js-client', () => import('../../../test/fake-tus'));

const RESUMABLE = resumableGrant({ headers: { 'x-signature': 't' }, chunk_size: 50 * 1024 * 1024 });

afterEach(() => {
  fakeTus.reset();
});

describe('uploadFile, the one upload stack', () => {
  it('asks for a URL, sends the bytes to storage, completes, through the shared client (an expired token is renewed)', async () => {
    localStorage.setItem(TOKEN_KEY, 'expired');
    localStorage.setItem(REFRESH_KEY, 'r1');
    const calls: { url: string; auth?: string; body?: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
        calls.push({ url, auth, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url === '/api/auth/refresh') return jsonResponse({ access_token: 'fresh', refresh_token: 'r2' });
        if (auth !== 'Bearer fresh') return jsonResponse({ detail: 'Token expired' }, 401);
        if (url.endsWith('/files/upload-url')) {
          return jsonResponse({
            file_id: 'f1',
            filename: 'SPA.pdf',
            upload_url: '/storage/v1/upload/x',
            upload_fields: {},
            resumable: RESUMABLE,
            storage_path: 'p',
          });
        }
        return jsonResponse({ id: 'f1' });
      }),
    );
    const progress: number[] = [];
    const file = new File(['%PDF-1.7 contract'], 'SPA.pdf', { type: 'application/pdf' });
    const result = await uploadFile('d1', file, { path: '/', checklistItems: ['i1'] }, { onProgress: (n) => progress.push(n) });

    expect(result).toEqual({ fileId: 'f1', savedAs: 'SPA.pdf' });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/deals/d1/files/upload-url',
      '/api/auth/refresh',
      '/api/deals/d1/files/upload-url',
      '/api/deals/d1/files/f1/upload-complete',
    ]);
    expect(calls[2].body).toEqual({
      filename: 'SPA.pdf',
      content_type: 'application/pdf',
      path: '/',
      tags: [],
      checklist_items: ['i1'],
    });
    expect(calls[3].body).toEqual({ file_size: file.size });
    expect(fakeTus.uploads).toHaveLength(1);
    expect(fakeTus.uploads[0].file).toBe(file);
    expect(fakeTus.uploads[0].options).toMatchObject({
      endpoint: `${window.location.origin}/storage/v1/upload/resumable`,
      headers: { 'x-signature': 't' },
      metadata: { contentType: 'application/pdf' },
      chunkSize: 50 * 1024 * 1024,
    });
    expect(fakeTus.uploads[0].headers).toEqual({});
    expect(progress.at(-1)).toBe(file.size);
  });

  it('a taken name is a NameConflictError carrying the existing file, and nothing is sent to storage', async () => {
    localStorage.setItem(TOKEN_KEY, 'ok');
    stubFetch(() => jsonResponse({ detail: 'A file named "SPA.pdf" already exists', existing_file_id: 'f0' }, 409), {
      signedIn: false,
    });
    const error = await uploadFile('d1', new File(['x'], 'SPA.pdf'), { path: '/' }, { onProgress: () => {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NameConflictError);
    expect((error as NameConflictError).existingFileId).toBe('f0');
    expect((error as NameConflictError).status).toBe(409);
    expect(fakeTus.uploads).toHaveLength(0);
  });

  describe('trying the same file again after a failure', () => {
    const grantFor = (fileId: string) => ({
      file_id: fileId,
      filename: 'Model.xlsx',
      upload_url: '/storage/v1/upload/x',
      upload_fields: {},
      resumable: resumableGrant({ expires_at: new Date(Date.now() + 3_600_000).toISOString() }),
      storage_path: 'p',
    });
    const stubApi = (completeFailures = 0) => {
      const calls: string[] = [];
      let grants = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          calls.push(url);
          if (url.endsWith('/files/upload-url')) return jsonResponse(grantFor(`f${++grants}`));
          if (completeFailures-- > 0) throw new TypeError('Failed to fetch');
          return jsonResponse({ id: 'done' });
        }),
      );
      return calls;
    };
    const upload = (file: File, name?: string) =>
      uploadFile('d1', file, { path: '/Finance', name }, { onProgress: () => {} }).catch((e: unknown) => e);

    it('resumes the same upload with the same grant when the connection stayed down', async () => {
      localStorage.setItem(TOKEN_KEY, 'ok');
      const calls = stubApi();
      const file = new File(['x'.repeat(1000)], 'Model.xlsx');
      fakeTus.outcomes = [{ status: 0 }];
      expect(await upload(file)).toMatchObject({ message: 'Network connection failed' });
      expect(await upload(file)).toEqual({ fileId: 'f1', savedAs: 'Model.xlsx' });

      expect(calls.filter((url) => url.endsWith('/upload-url'))).toHaveLength(1);
      expect(fakeTus.uploads[0].options.uploadUrl).toBeUndefined();
      expect(fakeTus.uploads[1].options.uploadUrl).toBe('https://storage.test/upload/1');
      expect(calls.at(-1)).toBe('/api/deals/d1/files/f1/upload-complete');
    });

    it('reports what storage holds: after each chunk, at once when the next try resumes, nothing once it is forgotten', async () => {
      localStorage.setItem(TOKEN_KEY, 'ok');
      stubApi();
      const file = new File(['x'.repeat(1000)], 'Model.xlsx');
      const stored: number[] = [];
      const send = () =>
        uploadFile('d1', file, { path: '/Finance' }, { onProgress: () => {}, onStored: (b) => stored.push(b) }).catch(
          (e: unknown) => e,
        );
      fakeTus.outcomes = [{ status: 0 }];
      await send();
      expect(stored).toEqual([500]);
      await send();
      // Resumed from 500 (told at once), its chunk confirmed, then completed: nothing is kept any more.
      expect(stored).toEqual([500, 500, 500, 0]);

      stored.length = 0;
      fakeTus.outcomes = [{ status: 413, body: '{"detail":"Too large"}' }];
      await send();
      // Refused for good after a chunk got through: nothing is kept for a later try.
      expect(stored).toEqual([500, 0]);
    });

    it('only completes again when the bytes arrived but the completion did not', async () => {
      localStorage.setItem(TOKEN_KEY, 'ok');
      const calls = stubApi(1);
      const file = new File(['x'.repeat(1000)], 'Model.xlsx');
      expect(await upload(file)).toMatchObject({ message: 'Network connection failed' });
      expect(await upload(file)).toEqual({ fileId: 'f1', savedAs: 'Model.xlsx' });
      expect(calls.filter((url) => url.endsWith('/upload-url'))).toHaveLength(1);
      expect(fakeTus.uploads[1].options.uploadUrl).toBe('https://storage.test/upload/1');
    });

    it('starts over with a new grant when storage refuses the old upload, and after a success', async () => {
      localStorage.setItem(TOKEN_KEY, 'ok');
      const calls = stubApi();
      const file = new File(['x'.repeat(1000)], 'Model.xlsx');
      fakeTus.outcomes = [{ status: 0 }, { status: 404, body: '{"detail":"Upload not found"}' }];
      await upload(file);
      expect(await upload(file)).toEqual({ fileId: 'f2', savedAs: 'Model.xlsx' });
      expect(fakeTus.uploads.map((u) => u.options.uploadUrl)).toEqual([undefined, 'https://storage.test/upload/1', undefined]);
      // Uploaded: the same file chosen again is a new upload.
      expect(await upload(file)).toEqual({ fileId: 'f3', savedAs: 'Model.xlsx' });
      expect(fakeTus.uploads[3].options.uploadUrl).toBeUndefined();
      expect(calls.filter((url) => url.endsWith('/upload-url'))).toHaveLength(3);
    });

    it('asks for a new grant when the file goes somewhere else (a new name) or the grant is about to end', async () => {
      localStorage.setItem(TOKEN_KEY, 'ok');
      const calls = stubApi();
      const file = new File(['x'.repeat(1000)], 'Model.xlsx');
      fakeTus.outcomes = [{ status: 0 }];
      await upload(file);
      expect(await upload(file, 'Model (2).xlsx')).toMatchObject({ fileId: 'f2' });
      expect(fakeTus.uploads[1].options.uploadUrl).toBeUndefined();

      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          calls.push(url);
          if (url.endsWith('/files/upload-url'))
            return jsonResponse({
              ...grantFor('f9'),
              resumable: resumableGrant({ expires_at: new Date(Date.now() + 30_000).toISOString() }),
            });
          return jsonResponse({ id: 'done' });
        }),
      );
      const other = new File(['y'], 'Model.xlsx');
      fakeTus.outcomes = [{ status: 0 }];
      await upload(other);
      await upload(other);
      expect(fakeTus.uploads[3].options.uploadUrl).toBeUndefined();
    });

    it('after a reload, the same file chosen again (name, size, last change) resumes; a changed file or signing out does not', async () => {
      localStorage.setItem(TOKEN_KEY, 'ok');
      const calls = stubApi();
      const chosen = () => new File(['x'.repeat(1000)], 'Model.xlsx', { lastModified: 1_700_000_000_000 });
      fakeTus.outcomes = [{ status: 0 }];
      await upload(chosen());
      expect(localStorage.getItem(UNFINISHED_UPLOADS_KEY)).toContain('https://storage.test/upload/1');

      // The page's memory is gone; the browser's is not.
      expect(await upload(chosen())).toEqual({ fileId: 'f1', savedAs: 'Model.xlsx' });
      expect(fakeTus.uploads[1].options.uploadUrl).toBe('https://storage.test/upload/1');
      expect(localStorage.getItem(UNFINISHED_UPLOADS_KEY)).toBeNull();

      fakeTus.outcomes = [{ status: 0 }];
      await upload(chosen());
      const changed = new File(['x'.repeat(1000)], 'Model.xlsx', { lastModified: 1_700_000_060_000 });
      expect(await upload(changed)).toMatchObject({ fileId: 'f3' });
      expect(fakeTus.uploads[3].options.uploadUrl).toBeUndefined();

      clearToken();
      localStorage.setItem(TOKEN_KEY, 'ok');
      expect(await upload(chosen())).toMatchObject({ fileId: 'f4' });
      expect(fakeTus.uploads[4].options.uploadUrl).toBeUndefined();
      expect(calls.filter((url) => url.endsWith('/upload-url'))).toHaveLength(4);
    });
  });
});
