import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEND_WITH_CREATION_MAX_BYTES } from '@contracts/dataroom';
import { ApiError, REFRESH_KEY, TOKEN_KEY } from './api/client';
import { fakeTus, resumableGrant } from '../test/fake-tus';
import { jsonResponse } from '../test/utils';
import { sendToStorage } from './upload-transport';

vi.mock('tus-js-client', () => import('../test/fake-tus'));

const resumable = resumableGrant;

afterEach(() => {
  fakeTus.reset();
});

describe('sendToStorage, the one upload transport', () => {
  it('uploads resumably in the chunks the store asks for, retrying a dropped connection, with progress to the end', async () => {
    const file = new File([new Uint8Array(1000)], 'Model.xlsx');
    const progress: number[] = [];
    await sendToStorage({ resumable: resumable() }, file, { onProgress: (loaded) => progress.push(loaded) });
    const { options } = fakeTus.uploads[0];
    expect(options.chunkSize).toBe(6 * 1024 * 1024);
    expect(options.uploadSize).toBe(1000);
    expect(options.retryDelays.length).toBeGreaterThanOrEqual(4);
    expect(options.storeFingerprintForResuming).toBe(false);
    // A small file goes with its creation request.
    expect(options.uploadDataDuringCreation).toBe(true);
    expect(progress).toEqual([500, 1000, 1000]);
    // Which failures are tried again: a dropped connection, a conflict on the offset, a server error; not a
    // refusal, nor a full disk (507).
    const retry = (status: number) => options.onShouldRetry({ originalResponse: status ? { getStatus: () => status } : null });
    expect([0, 409, 423, 500, 503].map(retry)).toEqual([true, true, true, true, true]);
    expect([400, 403, 404, 413, 507].map(retry)).toEqual([false, false, false, false, false]);
  });

  it('creates a file larger than SEND_WITH_CREATION_MAX_BYTES before sending any of it, so all of it resumes', async () => {
    const big = new File([new Uint8Array(SEND_WITH_CREATION_MAX_BYTES + 1)], 'Data tape.zip');
    const edge = new File([new Uint8Array(SEND_WITH_CREATION_MAX_BYTES)], 'Edge.zip');
    await sendToStorage({ resumable: resumable() }, big);
    await sendToStorage({ resumable: resumable() }, edge);
    expect(fakeTus.uploads.map((u) => u.options.uploadDataDuringCreation)).toEqual([false, true]);
  });

  it('sends the signed-in access token only where the store wants it (Supabase Storage)', async () => {
    localStorage.setItem(TOKEN_KEY, 'access-1');
    await sendToStorage({ resumable: resumable() }, new Blob(['x']));
    expect(fakeTus.uploads[0].headers).toEqual({});
    await sendToStorage({ resumable: resumable({ headers: { apikey: 'anon' }, with_access_token: true }) }, new Blob(['x']));
    expect(fakeTus.uploads[1].options.headers).toEqual({ apikey: 'anon' });
    expect(fakeTus.uploads[1].headers).toEqual({ Authorization: 'Bearer access-1' });
  });

  it('renews an access token refused mid-upload once, then goes on with the new one', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    localStorage.setItem(REFRESH_KEY, 'r1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ access_token: 'fresh', refresh_token: 'r2' })),
    );
    await sendToStorage({ resumable: resumable({ with_access_token: true }) }, new Blob(['x']));
    const { options } = fakeTus.uploads[0];
    const refused = { originalResponse: { getStatus: () => 403 } };
    expect(options.onShouldRetry(refused)).toBe(true);
    const headers: Record<string, string> = {};
    await options.onBeforeRequest({ setHeader: (name: string, value: string) => (headers[name] = value) });
    expect(headers.Authorization).toBe('Bearer fresh');
    // Refused again with the renewed token: a real refusal, not tried again.
    expect(options.onShouldRetry(refused)).toBe(false);
  });

  it("raises the store's refusal as an ApiError with its status and detail", async () => {
    fakeTus.outcome = { status: 413, body: JSON.stringify({ detail: 'The file is larger than the limit of 10 bytes.' }) };
    const error = await sendToStorage({ resumable: resumable() }, new Blob(['x'.repeat(20)])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).detail).toBe('The file is larger than the limit of 10 bytes.');
    fakeTus.outcome = { status: 0 };
    const offline = await sendToStorage({ resumable: resumable() }, new Blob(['x'])).catch((e: unknown) => e);
    expect((offline as ApiError).kind).toBe('network');
  });

  it('a cancelled upload rejects with an AbortError and ends the upload on the server', async () => {
    fakeTus.outcome = { status: 204, hold: true };
    const controller = new AbortController();
    const pending = sendToStorage({ resumable: resumable() }, new Blob(['x']), { signal: controller.signal });
    await vi.waitFor(() => expect(fakeTus.uploads).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(fakeTus.uploads[0].aborted).toBe(true);
  });
});
