import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser, storage } from './helpers.ts';
import { sha256 } from './store-server.ts';

async function postToStore(url: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), name);
  return storage.routes.request(url.replace('/storage/v1', ''), { method: 'POST', body: form });
}

describe('data room smoke', () => {
  it('uploads two-step, lists, downloads byte-for-byte', async () => {
    const u = await registerUser();
    const d = await createDeal(u, 'DR', 'blank');
    const folder = await call('POST', `/deals/${d.id}/folders`, { token: u.token, body: { name: 'Finance', path: '/' } });
    expect(folder.status).toBe(201);
    const bytes = new TextEncoder().encode('hello data room '.repeat(1000));
    const up = await call('POST', `/deals/${d.id}/files/upload-url`, {
      token: u.token,
      body: { filename: 'report.pdf', content_type: 'application/pdf', path: '/Finance' },
    });
    expect(up.status).toBe(200);
    const stored = await postToStore(up.body.upload_url, bytes, 'report.pdf');
    expect(stored.status).toBe(201);
    const replay = await postToStore(up.body.upload_url, bytes, 'report.pdf');
    expect(replay.status).toBe(403);
    const done = await call('POST', `/deals/${d.id}/files/${up.body.file_id}/upload-complete`, {
      token: u.token,
      body: { file_size: bytes.length },
    });
    expect(done.status).toBe(200);
    expect(done.body.upload_state).toBe('ready');
    const list = await call('GET', `/deals/${d.id}/files?path=/Finance`, { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body.files.map((f: any) => f.name)).toEqual(['report.pdf']);
    const dl = await call('GET', `/deals/${d.id}/files/${up.body.file_id}/download`, { token: u.token });
    expect(dl.status).toBe(200);
    const res = await storage.routes.request(dl.body.download_url.replace('/storage/v1', ''));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('report.pdf');
    const got = new Uint8Array(await res.arrayBuffer());
    expect(sha256(got)).toBe(sha256(bytes));
    // direct upload
    const form = new FormData();
    form.append('path', '/');
    form.append('tags', JSON.stringify(['x']));
    form.append('file', new Blob([bytes as BlobPart]), 'direct.txt');
    const { app } = await import('./helpers.ts');
    const direct = await app.request(`/deals/${d.id}/files/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(direct.status).toBe(201);
    const dup = await call('POST', `/deals/${d.id}/files/upload-url`, {
      token: u.token,
      body: { filename: 'direct.txt', path: '/' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe('A file named "direct.txt" already exists in this folder');
    const search = await call('GET', `/deals/${d.id}/files/search?q=rep`, { token: u.token });
    expect(search.body.files.map((f: any) => f.name)).toEqual(['report.pdf']);
    const del = await call('DELETE', `/deals/${d.id}/folders/${folder.body.id}`, { token: u.token });
    expect(del.status).toBe(200);
    expect(del.body.deleted_files).toBe(1);
  });
});
