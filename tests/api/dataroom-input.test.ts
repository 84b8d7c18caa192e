import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import { fileRows, mkdir, objectsOf, requestJson, room, twoStep, walk } from './dataroom-lib.ts';

async function setup() {
  const r = await room('input');
  const folder = await mkdir(r, r.owner, 'F');
  const up = await twoStep(r, r.owner, { filename: 'f.txt', path: '/F' });
  return { r, folder, fileId: up.fileId, f: `${r.base}/files/${up.fileId}` };
}

/** Every JSON endpoint of the data room. */
const jsonEndpoints = (base: string, f: string): [string, string][] => [
  ['POST', `${base}/folders`],
  ['POST', `${base}/files/upload-url`],
  ['POST', `${f}/versions/upload-url`],
  ['PUT', f],
  ['PUT', `${f}/tags-links`],
  ['PUT', `${f}/approval`],
  ['POST', `${f}/comments`],
  ['PUT', `${f}/metadata`],
  ['PUT', `${f}/permissions`],
  ['POST', `${f}/upload-complete`],
  ['POST', `${f}/versions/upload-complete`],
];

describe('bad input is a 4xx with a detail, never a 500', () => {
  it('malformed JSON', async () => {
    const { r, f } = await setup();
    for (const [method, path] of jsonEndpoints(r.base, f)) {
      for (const raw of ['{', '{"name": }', 'nul', '', '\u0000']) {
        expectError(
          await call(method, path, { token: r.owner.token, rawBody: raw }),
          400,
          'The request body must be valid JSON.',
        );
      }
    }
  });

  it('JSON that is not an object', async () => {
    const { r, f } = await setup();
    for (const [method, path] of jsonEndpoints(r.base, f)) {
      for (const raw of ['[]', 'null', '"text"', '42', 'true']) {
        const res = await call(method, path, { token: r.owner.token, rawBody: raw });
        expect(res.status, `${method} ${path} ${raw}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.detail).toBe('string');
      }
    }
  });

  it('wrong types in each field', async () => {
    const { r, f, fileId } = await setup();
    const cases: [string, string, unknown, string | RegExp | undefined][] = [
      ['POST', `${r.base}/folders`, { name: ['a'], path: '/' }, 'Please enter a folder name'],
      ['POST', `${r.base}/folders`, { name: 'a', path: 5 }, 'path must be a string.'],
      ['POST', `${r.base}/folders`, { name: 'a', parent_id: 7 }, undefined],
      ['POST', `${r.base}/files/upload-url`, { filename: 123 }, 'The file needs a name.'],
      ['POST', `${r.base}/files/upload-url`, { filename: null }, 'The file needs a name.'],
      ['POST', `${r.base}/files/upload-url`, { filename: 'a', path: {} }, undefined],
      ['POST', `${r.base}/files/upload-url`, { filename: 'a', tags: 'x,y' }, undefined],
      ['POST', `${r.base}/files/upload-url`, { filename: 'a', tags: [1] }, undefined],
      ['POST', `${r.base}/files/upload-url`, { filename: 'a', checklist_items: [1] }, undefined],
      [
        'POST',
        `${r.base}/files/upload-url`,
        { filename: 'a', checklist_items: ['not-a-uuid'] },
        'checklist_items must be item ids',
      ],
      [
        'POST',
        `${r.base}/files/upload-url`,
        { filename: 'a', content_type: 'text/html; charset=utf-8\r\nX-Evil: 1' },
        'content_type must look like application/pdf',
      ],
      ['POST', `${r.base}/files/upload-url`, { filename: 'a', content_type: 5 }, undefined],
      ['PUT', f, { tags: [null] }, undefined],
      ['PUT', f, { approval_status: true }, undefined],
      ['PUT', f, { formatted_title: 'x'.repeat(501) }, undefined],
      ['PUT', `${f}/approval`, { status: 1 }, undefined],
      ['PUT', `${f}/approval`, { status: 'approved', note: 'x'.repeat(2001) }, undefined],
      ['POST', `${f}/comments`, { comment: { text: 'hi' } }, undefined],
      ['POST', `${f}/comments`, { comment: ['hi'] }, undefined],
      ['PUT', `${f}/metadata`, { people_mentioned: [1, 2] }, undefined],
      ['PUT', `${f}/metadata`, { date_range_start: 20240101 }, undefined],
      ['PUT', `${f}/permissions`, { type: 'custom', allowed_users: 'everyone' }, undefined],
      ['PUT', `${f}/permissions`, { type: 'custom', denied_tags: [42] }, undefined],
      ['PUT', `${f}/permissions`, {}, undefined],
      ['POST', `${f}/upload-complete`, { file_size: { n: 1 } }, 'file_size must be a whole number of bytes.'],
      ['POST', `${f}/upload-complete`, { file_size: null }, 'file_size must be a whole number of bytes.'],
      ['POST', `${f}/upload-complete`, { file_size: true }, 'file_size must be a whole number of bytes.'],
      ['POST', `${f}/upload-complete`, { file_size: 1e300 }, 'file_size must be a whole number of bytes.'],
      [
        'POST',
        `${f}/versions/upload-complete`,
        { storage_path: ['x'], file_size: 1 },
        'That storage_path was not issued for this file.',
      ],
      ['POST', `${f}/versions/upload-url`, { filename: 5 }, 'The file needs a name.'],
    ];
    for (const [method, path, body, detail] of cases) {
      const res = await call(method, path, { token: r.owner.token, body });
      expectError(res, 400, detail);
    }
    const [row] =
      await sql`select tags, approval_status, approval_note, formatted_title, permission_type from public.files where id = ${fileId}`;
    expect(row).toEqual({
      tags: [],
      approval_status: 'pending',
      approval_note: null,
      formatted_title: null,
      permission_type: 'all',
    });
    expect(await fileRows(r.deal.id)).toHaveLength(1);
  });

  it('NUL and other text Postgres cannot store', async () => {
    const { r, f } = await setup();
    const nul = 'a\u0000b';
    const cases: [string, string, unknown][] = [
      ['PUT', f, { tags: [nul] }],
      ['PUT', f, { formatted_title: nul }],
      ['PUT', `${f}/tags-links`, { tags: [nul] }],
      ['PUT', `${f}/approval`, { status: 'review', note: nul }],
      ['POST', `${f}/comments`, { comment: nul }],
      ['PUT', `${f}/metadata`, { quick_summary: nul }],
      ['PUT', `${f}/metadata`, { people_mentioned: [nul] }],
      ['POST', `${r.base}/files/upload-url`, { filename: 'ok.txt', tags: [nul] }],
      ['POST', `${r.base}/files/upload-url`, { filename: 'ok.txt', content_type: nul }],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(method, path, { token: r.owner.token, body });
      expectError(res, 400);
    }
    for (const q of ['%00', 'a%00b', '%EF%BF%BF', '%ED%A0%80']) {
      const res = await call('GET', `${r.base}/files/search?q=${q}`, { token: r.owner.token });
      expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
    expectError(await call('GET', `${r.base}/files?path=%00`, { token: r.owner.token }), 404);
    expect(await fileRows(r.deal.id)).toHaveLength(1);
  });

  it('non-UUID and unknown ids are 404s', async () => {
    const { r, fileId, folder } = await setup();
    const badDeals = ['abc', '1', 'x'.repeat(500), '00000000-0000-0000-0000-00000000000g', "'; drop table files; --", '%2e%2e'];
    for (const deal of badDeals) {
      for (const path of [
        `/deals/${encodeURIComponent(deal)}/files`,
        `/deals/${encodeURIComponent(deal)}/files/${fileId}`,
        `/deals/${encodeURIComponent(deal)}/folders/${folder.id}`,
        `/deals/${encodeURIComponent(deal)}/files/search?q=a`,
      ]) {
        expectError(await call('GET', path, { token: r.owner.token }), 404);
      }
      expectError(
        await call('POST', `/deals/${encodeURIComponent(deal)}/files/upload-url`, {
          token: r.owner.token,
          body: { filename: 'a' },
        }),
        404,
      );
    }
    for (const id of ['abc', '123', 'x'.repeat(300), '00000000-0000-4000-8000-000000000000', `${fileId}x`]) {
      const e = encodeURIComponent(id);
      for (const [method, path, body] of [
        ['GET', `${r.base}/files/${e}`],
        ['PUT', `${r.base}/files/${e}`, { tags: [] }],
        ['DELETE', `${r.base}/files/${e}`],
        ['GET', `${r.base}/files/${e}/download-url`],
        ['GET', `${r.base}/files/${e}/versions`],
        ['GET', `${r.base}/files/${e}/comments`],
        ['POST', `${r.base}/files/${e}/comments`, { comment: 'x' }],
        ['GET', `${r.base}/files/${e}/metadata`],
        ['PUT', `${r.base}/files/${e}/permissions`, { type: 'all' }],
        ['POST', `${r.base}/files/${e}/upload-complete`, { file_size: 1 }],
        ['POST', `${r.base}/files/${e}/versions/upload-url`, {}],
        ['PUT', `${r.base}/files/${e}/archive`],
        ['PUT', `${r.base}/files/${e}/approval`, { status: 'approved' }],
      ] as [string, string, unknown?][]) {
        expectError(await call(method, path, { token: r.owner.token, body }), 404, 'File not found');
      }
      for (const [method, path] of [
        ['GET', `${r.base}/folders/${e}`],
        ['PUT', `${r.base}/folders/${e}/archive`],
        ['DELETE', `${r.base}/folders/${e}`],
      ]) {
        expectError(await call(method, path, { token: r.owner.token }), 404, "Folder not found or you don't have access");
      }
    }
    expect(await fileRows(r.deal.id)).toHaveLength(1);
  });

  it('upload-complete with an unreadable form', async () => {
    const { r } = await setup();
    const start = await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: 'p.txt' } });
    const url = `${r.base}/files/${start.body.file_id}/upload-complete`;
    const cases: [string, string][] = [
      ['text/plain', 'file_size=1'],
      ['multipart/form-data; boundary=abc', 'garbage without any boundary'],
      ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="file_size"\r\n\r\n1\r\n--x--\r\n'],
      ['application/x-www-form-urlencoded', 'file_size=%ZZ'],
    ];
    for (const [type, raw] of cases) {
      const res = await call('POST', url, { token: r.owner.token, rawBody: raw, headers: { 'content-type': type } });
      expect(res.status, `${type}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await fileRows(r.deal.id)).map((x) => x.upload_state).sort()).toEqual(['pending', 'ready']);
  });

  it('direct upload with a broken form leaves nothing behind', async () => {
    const { r } = await setup();
    const upload = (body: BodyInit, type: string) =>
      requestJson(`${r.base}/files/upload`, r.owner.token, body, { headers: { 'content-type': type } });
    const part = (name: string, value: string) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const filePart = (name = 'x.txt') =>
      `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\nhello\r\n`;
    const cases: [BodyInit, string, number, string | RegExp][] = [
      ['{"file": "x"}', 'application/json', 400, 'The request must be multipart/form-data with a boundary.'],
      ['x', 'multipart/form-data', 400, 'The request must be multipart/form-data with a boundary.'],
      ['x', `multipart/form-data; boundary=${'b'.repeat(201)}`, 400, 'The request must be multipart/form-data with a boundary.'],
      ['no boundary in here', 'multipart/form-data; boundary=b', 400, 'The multipart body is malformed.'],
      [
        '--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--',
        'multipart/form-data; boundary=b',
        400,
        'A form part has no name.',
      ],
      [`--b\r\n${'X-Pad: y\r\n'.repeat(3000)}\r\n`, 'multipart/form-data; boundary=b', 400, 'A form part has too many headers.'],
      [
        part('tags', 'x'.repeat(300 * 1024)) + filePart() + '--b--',
        'multipart/form-data; boundary=b',
        413,
        'The form field "tags" is too large.',
      ],
      [part('path', '/') + '--b--\r\n', 'multipart/form-data; boundary=b', 400, 'The form has no file.'],
      [part('tags', 'not json') + filePart() + '--b--', 'multipart/form-data; boundary=b', 400, 'tags must be a JSON array.'],
      [filePart() + part('tags', '{"a":1}') + '--b--', 'multipart/form-data; boundary=b', 400, /./],
      [
        filePart() + part('checklist_items', '["A.1"]') + '--b--',
        'multipart/form-data; boundary=b',
        400,
        'checklist_items must be item ids',
      ],
      [
        filePart() + part('path', '/Missing') + '--b--',
        'multipart/form-data; boundary=b',
        404,
        "Path not found or you don't have access",
      ],
      [filePart('') + '--b--', 'multipart/form-data; boundary=b', 400, 'The file needs a name.'],
      [
        `--b\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\nhello`,
        'multipart/form-data; boundary=b',
        400,
        'The upload ended before the file was complete.',
      ],
      [
        `--b\r\nContent-Disposition: form-data; name="path"`,
        'multipart/form-data; boundary=b',
        400,
        'The multipart body ended early.',
      ],
    ];
    for (const [body, type, status, detail] of cases) {
      expectError(await upload(body, type), status, detail);
    }
    expectError(await requestJson(`${r.base}/files/upload`, r.owner.token, new FormData(), {}), 400);
    expect(await fileRows(r.deal.id)).toHaveLength(1);
    expect(objectsOf(r.deal.id)).toHaveLength(2);
    expect(walk().filter((p) => p.includes('.part-'))).toEqual([]);
    // A file part first and a broken field after it: the stored bytes are removed again.
    expectError(await upload(filePart() + part('tags', '[1]') + '--b--', 'multipart/form-data; boundary=b'), 400);
    expect(objectsOf(r.deal.id)).toHaveLength(2);
  });

  it('users-enhanced validates its query', async () => {
    const { r } = await setup();
    for (const q of ['page=0', 'page=abc', 'page_size=1000', 'status=deleted', `search=${'x'.repeat(201)}`]) {
      expectError(await call('GET', `${r.base}/users-enhanced?${q}`, { token: r.owner.token }), 400);
    }
    const res = await call('GET', `${r.base}/users-enhanced?search=%00`, { token: r.owner.token });
    expect(res.status).toBeLessThan(500);
    const ok = await call('GET', `${r.base}/users-enhanced?page=1&page_size=10`, { token: r.owner.token });
    expect(ok.status).toBe(200);
    expect(ok.body.users.map((u: any) => u.user_id)).toEqual([r.owner.id]);
    expect(ok.body.users[0]).toMatchObject({ is_owner: true, role: 'admin', email: r.owner.email });
  });

  it('a JSON body over the limit is 413 with a detail', async () => {
    const { r, f } = await setup();
    expectError(
      await call('POST', `${f}/comments`, { token: r.owner.token, rawBody: JSON.stringify({ comment: 'x'.repeat(70 * 1024) }) }),
      413,
    );
    expect(await sql`select 1 from public.file_comments where deal_id = ${r.deal.id}`).toHaveLength(0);
  });
});
