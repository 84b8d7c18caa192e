import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { expectError, setName } from './expect.ts';
import {
  activities,
  directOk,
  fileRows,
  member,
  mkdir,
  names,
  objectPath,
  objectsOf,
  room,
  twoStep,
  checklistItems,
} from './dataroom-lib.ts';

describe('GET /deals/{id}/files/{fileId}', () => {
  it("answers the file with its versions, uploader and the caller's rights", async () => {
    const r = await room('detail');
    const viewer = await member(r, 'viewer');
    await setName(r.owner, 'Ada', 'Lovelace');
    await mkdir(r, r.owner, 'Board');
    const up = await twoStep(r, r.owner, {
      filename: 'Minutes.docx',
      path: '/Board',
      tags: ['board'],
      content_type: 'application/msword',
    });
    const res = await call('GET', `${r.base}/files/${up.fileId}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: up.fileId,
      deal_id: r.deal.id,
      name: 'Minutes.docx',
      file_type: 'docx',
      content_type: 'application/msword',
      current_version: 1,
      path: '/Board',
      tags: ['board'],
      approval_status: 'pending',
      ai_status: expect.any(String),
      permission_type: 'all',
      upload_state: 'ready',
      uploaded_by: r.owner.id,
      uploader: { id: r.owner.id, email: r.owner.email, first_name: 'Ada', last_name: 'Lovelace' },
      can_edit: false,
      can_download: true,
      can_approve: false,
      can_comment: true,
      can_upload_version: false,
    });
    expect(res.body.size_bytes).toBe(1000);
    expect(res.body).not.toHaveProperty('file_size');
    expect(res.body.size_bytes).toBe(1000);
    expect(res.body.versions).toHaveLength(1);
    expect(res.body.versions[0]).toMatchObject({
      version_number: 1,
      original_name: 'Minutes.docx',
      uploaded_by_email: r.owner.email,
      uploaded_by_first_name: 'Ada',
    });
    expect(res.body.versions[0].file_size).toBe(1000);
    const mine = await call('GET', `${r.base}/files/${up.fileId}`, { token: r.owner.token });
    expect(mine.body).toMatchObject({ can_edit: true, can_approve: true, can_upload_version: true });
    expectError(
      await call('GET', `${r.base}/files/00000000-0000-4000-8000-000000000000`, { token: r.owner.token }),
      404,
      'File not found',
    );
    expectError(await call('GET', `${r.base}/files/not-a-uuid`, { token: r.owner.token }), 404, 'File not found');
  });

  it('a file of another deal is not found through this deal', async () => {
    const r = await room('crossfile');
    const other = await room('crossfile2');
    await (await import('./helpers.ts')).addMember(other.deal.id, r.owner, 'admin');
    const theirs = await directOk(other, other.owner, { filename: 'theirs.txt', path: '/' });
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/download-url'],
      ['GET', '/versions'],
      ['GET', '/comments'],
      ['PUT', '/archive'],
      ['DELETE', ''],
    ] as const) {
      expectError(
        await call(method, `${r.base}/files/${theirs.fileId}${suffix}`, { token: r.owner.token }),
        404,
        'File not found',
      );
    }
    expect((await fileRows(other.deal.id))[0].archived_at).toBeNull();
  });
});

describe('PUT /deals/{id}/files/{fileId}', () => {
  it('sets tags and checklist_items, and the approval status', async () => {
    const r = await room('put');
    const [ITEM_A, ITEM_B] = await checklistItems(r, 2);
    const up = await directOk(r, r.owner, { filename: 'a.pdf', path: '/', tags: ['old'] });
    const res = await call('PUT', `${r.base}/files/${up.fileId}`, {
      token: r.owner.token,
      body: { tags: [' Finance ', '', 'finance', 'Q4'], checklist_items: [ITEM_A, ITEM_A, ITEM_B] },
    });
    expect(res.status).toBe(200);
    expect(res.body.tags).toEqual(['Finance', 'finance', 'Q4']);
    expect(res.body.checklist_items).toEqual([ITEM_A, ITEM_B]);
    const approved = await call('PUT', `${r.base}/files/${up.fileId}`, {
      token: r.owner.token,
      body: { approval_status: 'approved' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      approval_status: 'approved',
      tags: ['Finance', 'finance', 'Q4'],
      checklist_items: [ITEM_A, ITEM_B],
    });
    // The file page names the linked items by code and name (never an id fragment).
    const detail = await call('GET', `${r.base}/files/${up.fileId}`, { token: r.owner.token });
    const items = await sql<{ id: string; item_code: string | null; name: string }[]>`
      select id, item_code, name from public.checklist_items where id in (${ITEM_A}, ${ITEM_B})`;
    expect(detail.body.checklist_links).toHaveLength(2);
    expect(detail.body.checklist_links).toEqual(expect.arrayContaining(items.map((i) => ({ ...i }))));
    const [row] = await sql`select tags, checklist_items, approval_status, search_text from public.files where id = ${up.fileId}`;
    expect(row).toMatchObject({
      tags: ['Finance', 'finance', 'Q4'],
      checklist_items: [ITEM_A, ITEM_B],
      approval_status: 'approved',
    });
    expect(row.search_text).toContain('q4');
    expect(names((await call('GET', `${r.base}/files/search?q=q4`, { token: r.owner.token })).body.files)).toEqual(['a.pdf']);

    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}`, { token: r.owner.token, body: { approval_status: 'done' } }),
      400,
      'status must be pending, review or approved',
    );
    expectError(await call('PUT', `${r.base}/files/${up.fileId}`, { token: r.owner.token, body: { tags: 'a,b' } }), 400);
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}`, { token: r.owner.token, body: { checklist_items: ['A.1'] } }),
      400,
      'checklist_items must be item ids',
    );
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}`, { token: r.owner.token, body: { tags: ['x'.repeat(101)] } }),
      400,
      'A tag can be at most 100 characters',
    );
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}`, { token: r.owner.token, body: { uploaded_by: r.owner.id } }),
      400,
    );
    expect((await call('GET', `${r.base}/files/${up.fileId}`, { token: r.owner.token })).body.approval_status).toBe('approved');
  });

  it("a viewer cannot edit, approve, archive or delete someone else's file, but may edit their own", async () => {
    const r = await room('putviewer');
    const viewer = await member(r, 'viewer');
    const owners = await directOk(r, r.owner, { filename: 'owners.pdf', path: '/' });
    expectError(
      await call('PUT', `${r.base}/files/${owners.fileId}`, { token: viewer.token, body: { tags: ['x'] } }),
      403,
      "You don't have permission to edit this file.",
    );
    expectError(
      await call('PUT', `${r.base}/files/${owners.fileId}`, { token: viewer.token, body: { approval_status: 'approved' } }),
      403,
    );
    expectError(
      await call('PUT', `${r.base}/files/${owners.fileId}/tags-links`, { token: viewer.token, body: { tags: ['x'] } }),
      403,
    );
    expectError(
      await call('PUT', `${r.base}/files/${owners.fileId}/archive`, { token: viewer.token }),
      403,
      "You don't have permission to archive this file.",
    );
    expectError(
      await call('DELETE', `${r.base}/files/${owners.fileId}`, { token: viewer.token }),
      403,
      "You don't have permission to delete this file.",
    );
    const [row] = await sql`select tags, approval_status, archived_at from public.files where id = ${owners.fileId}`;
    expect(row).toEqual({ tags: [], approval_status: 'pending', archived_at: null });
    expect(objectsOf(r.deal.id)).toHaveLength(2);

    const own = await directOk(r, viewer, { filename: 'mine.pdf', path: '/' });
    const edited = await call('PUT', `${r.base}/files/${own.fileId}`, { token: viewer.token, body: { tags: ['mine'] } });
    expect(edited.status).toBe(200);
    expect(edited.body.tags).toEqual(['mine']);
    // Approving needs the approve capability even for one's own file.
    expectError(
      await call('PUT', `${r.base}/files/${own.fileId}`, { token: viewer.token, body: { approval_status: 'approved' } }),
      403,
      "You don't have permission to change the approval status",
    );
    expect((await call('DELETE', `${r.base}/files/${own.fileId}`, { token: viewer.token })).status).toBe(200);
  });

  it('renames within the folder, refusing a name already taken', async () => {
    const r = await room('rename');
    const a = await directOk(r, r.owner, { filename: 'a.txt', path: '/' });
    await directOk(r, r.owner, { filename: 'b.txt', path: '/' });
    expectError(
      await call('PUT', `${r.base}/files/${a.fileId}`, { token: r.owner.token, body: { name: 'B.TXT' } }),
      409,
      'A file named "B.TXT" already exists in this folder',
    );
    const renamed = await call('PUT', `${r.base}/files/${a.fileId}`, { token: r.owner.token, body: { name: 'A.txt' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('A.txt');
    expect(objectsOf(r.deal.id)).toContain(objectPath(r.deal.id, a.fileId, 1));
  });
});

describe('tags-links and approval', () => {
  it('PUT tags-links sets tags and checklist items, leaving what is not sent', async () => {
    const r = await room('tagslinks');
    const [ITEM_A] = await checklistItems(r, 1);
    const up = await directOk(r, r.owner, { filename: 'x.pdf', path: '/', tags: ['keep'], checklist_items: [ITEM_A] });
    const res = await call('PUT', `${r.base}/files/${up.fileId}/tags-links`, {
      token: r.owner.token,
      body: { tags: ['a', ' b ', ''] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tags: ['a', 'b'], checklist_items: [ITEM_A] });
    const res2 = await call('PUT', `${r.base}/files/${up.fileId}/tags-links`, {
      token: r.owner.token,
      body: { checklist_items: [] },
    });
    expect(res2.body).toMatchObject({ tags: ['a', 'b'], checklist_items: [] });
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}/tags-links`, {
        token: r.owner.token,
        body: { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
      }),
      400,
      'A file can have at most 50 tags',
    );
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}/tags-links`, { token: r.owner.token, body: { tags: [1, 2] } }),
      400,
    );
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}/tags-links`, { token: r.owner.token, body: { color: 'red' } }),
      400,
    );
  });

  it('PUT approval records status and note; viewer 403; bad status 400', async () => {
    const r = await room('approval');
    const viewer = await member(r, 'viewer');
    const contributor = await member(r, 'contributor');
    const up = await directOk(r, viewer, { filename: 'x.pdf', path: '/' });
    const res = await call('PUT', `${r.base}/files/${up.fileId}/approval`, {
      token: contributor.token,
      body: { status: 'review', note: '  Check page 3  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ approval_status: 'review', approval_note: 'Check page 3' });
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}/approval`, { token: viewer.token, body: { status: 'approved' } }),
      403,
      "You don't have permission to change the approval status.",
    );
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}/approval`, { token: r.owner.token, body: { status: 'rejected' } }),
      400,
      'status must be pending, review or approved',
    );
    expectError(await call('PUT', `${r.base}/files/${up.fileId}/approval`, { token: r.owner.token, body: {} }), 400);
    expectError(
      await call('PUT', `${r.base}/files/${up.fileId}/approval`, { token: r.owner.token, body: { status: 'approved', note: 5 } }),
      400,
    );
    const [row] = await sql`select approval_status, approval_note from public.files where id = ${up.fileId}`;
    expect(row).toEqual({ approval_status: 'review', approval_note: 'Check page 3' });
    const approved = await call('PUT', `${r.base}/files/${up.fileId}/approval`, {
      token: r.owner.token,
      body: { status: 'approved' },
    });
    expect(approved.body).toMatchObject({ approval_status: 'approved', approval_note: null });
  });
});

describe('archive and delete', () => {
  it('archiving a file hides it from the listing and frees its name', async () => {
    const r = await room('archfile');
    const up = await directOk(r, r.owner, { filename: 'old.pdf', path: '/' });
    const res = await call('PUT', `${r.base}/files/${up.fileId}/archive`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: up.fileId, archived: true });
    expect((await call('GET', `${r.base}/files?path=/`, { token: r.owner.token })).body.files).toEqual([]);
    expect((await call('GET', `${r.base}/files/search?q=old`, { token: r.owner.token })).body.files).toEqual([]);
    const again = await directOk(r, r.owner, { filename: 'old.pdf', path: '/' });
    expect(again.file.name).toBe('old.pdf');
    expect((await call('PUT', `${r.base}/files/${up.fileId}/archive`, { token: r.owner.token })).status).toBe(200);
    expect(objectsOf(r.deal.id)).toHaveLength(4);
  });

  it('deleting a file removes its rows and the bytes of all its versions, and records a delete', async () => {
    const r = await room('delfile');
    const contributor = await member(r, 'contributor');
    const up = await twoStep(r, r.owner, { filename: 'gone.pdf' });
    const v = await call('POST', `${r.base}/files/${up.fileId}/versions/upload-url`, { token: r.owner.token, body: {} });
    const { postToStore, random } = await import('./dataroom-lib.ts');
    await postToStore(v.body.upload_url, random(10));
    await call('POST', `${r.base}/files/${up.fileId}/versions/upload-complete`, {
      token: r.owner.token,
      body: { storage_path: v.body.storage_path, file_size: 10 },
    });
    await call('POST', `${r.base}/files/${up.fileId}/comments`, { token: r.owner.token, body: { comment: 'bye' } });
    const other = await directOk(r, r.owner, { filename: 'stays.pdf', path: '/' });
    expect(objectsOf(r.deal.id)).toHaveLength(6);
    const res = await call('DELETE', `${r.base}/files/${up.fileId}`, { token: contributor.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: up.fileId, deleted: true });
    expect((await fileRows(r.deal.id)).map((f) => f.id)).toEqual([other.fileId]);
    expect(
      await sql`select 1 from public.file_versions where file_id = ${up.fileId} union all select 1 from public.file_comments where file_id = ${up.fileId}`,
    ).toHaveLength(0);
    expect(objectsOf(r.deal.id)).toEqual([
      objectPath(r.deal.id, other.fileId, 1),
      `${objectPath(r.deal.id, other.fileId, 1)}.meta.json`,
    ]);
    const deletes = await activities(r.deal.id, 'delete');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toMatchObject({
      description: 'Deleted "gone.pdf"',
      user_id: contributor.id,
      metadata: { file_id: up.fileId, path: '/' },
    });
    expectError(await call('DELETE', `${r.base}/files/${up.fileId}`, { token: r.owner.token }), 404, 'File not found');
  });

  it('the activity feed shows upload, download and delete', async () => {
    const r = await room('feed');
    await mkdir(r, r.owner, 'Docs');
    const up = await twoStep(r, r.owner, { filename: 'feed.txt', path: '/Docs' });
    await call('GET', `${r.base}/files/${up.fileId}/download`, { token: r.owner.token });
    await call('DELETE', `${r.base}/files/${up.fileId}`, { token: r.owner.token });
    const feed = await call('GET', `${r.base}/activity`, { token: r.owner.token });
    expect(feed.status).toBe(200);
    const lines = feed.body.filter((a: any) => ['upload', 'download', 'delete'].includes(a.activity_type));
    expect(lines.map((a: any) => [a.activity_type, a.description])).toEqual([
      ['delete', 'Deleted "feed.txt"'],
      ['download', 'Downloaded "feed.txt"'],
      ['upload', 'Uploaded "feed.txt"'],
    ]);
    expect(lines.every((a: any) => a.user_email === r.owner.email && a.metadata.path === '/Docs')).toBe(true);
  });
});

describe('comments', () => {
  it('blank is 400; a viewer can comment; listed oldest first with their authors', async () => {
    const r = await room('comments');
    const viewer = await member(r, 'viewer');
    await setName(viewer, 'Vera', 'Viewer');
    const up = await directOk(r, r.owner, { filename: 'c.pdf', path: '/' });
    const url = `${r.base}/files/${up.fileId}/comments`;
    expect((await call('GET', url, { token: r.owner.token })).body).toEqual([]);
    for (const body of [{ comment: '' }, { comment: '   \n\t ' }, {}]) {
      expectError(await call('POST', url, { token: viewer.token, body }), 400, 'A comment cannot be blank');
    }
    expectError(await call('POST', url, { token: viewer.token, body: { comment: 42 } }), 400);
    expectError(
      await call('POST', url, { token: viewer.token, body: { comment: 'x'.repeat(10001) } }),
      400,
      'A comment can be at most 10000 characters',
    );
    const first = await call('POST', url, { token: r.owner.token, body: { comment: 'First!' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ comment: 'First!', user_id: r.owner.id, user_email: r.owner.email });
    const second = await call('POST', url, { token: viewer.token, body: { comment: '  Second, from a viewer  ' } });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      comment: 'Second, from a viewer',
      user_first_name: 'Vera',
      user_last_name: 'Viewer',
      user_email: viewer.email,
    });
    await call('POST', url, { token: r.owner.token, body: { comment: 'Third' } });
    const list = await call('GET', url, { token: viewer.token });
    expect(list.status).toBe(200);
    expect(list.body.map((c: any) => c.comment)).toEqual(['First!', 'Second, from a viewer', 'Third']);
    expect(list.body[1]).toMatchObject({
      user_first_name: 'Vera',
      user_last_name: 'Viewer',
      user_email: viewer.email,
      id: second.body.id,
    });
    expect(await sql`select count(*)::int as n from public.file_comments where file_id = ${up.fileId}`).toEqual([{ n: 3 }]);
  });
});

describe('metadata', () => {
  it('GET answers {file, metadata}; PUT saves and validates', async () => {
    const r = await room('meta');
    const up = await directOk(r, r.owner, { filename: 'm.pdf', path: '/', bytes: new Uint8Array(1234) });
    const url = `${r.base}/files/${up.fileId}/metadata`;
    const empty = await call('GET', url, { token: r.owner.token });
    expect(empty.status).toBe(200);
    expect(Object.keys(empty.body).sort()).toEqual(['file', 'metadata']);
    expect(empty.body.file).toMatchObject({ id: up.fileId, name: 'm.pdf' });
    expect(empty.body.metadata).toMatchObject({
      document_type: null,
      confidentiality_level: null,
      people_mentioned: [],
      formatted_title: null,
    });
    expect(empty.body.metadata.file_size).toBe(1234);

    const saved = await call('PUT', url, {
      token: r.owner.token,
      body: {
        formatted_title: ' Master Services Agreement ',
        document_type: 'Agreement',
        confidentiality_level: 'confidential',
        date_range_start: '2024-01-01',
        date_range_end: '2024-12-31',
        people_mentioned: ['Ada', ' ', 'Grace'],
        named_organizations: ['Acme'],
        languages_used: ['en'],
        quick_summary: 'An MSA.',
        custom_file_category: 'Legal',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.metadata).toMatchObject({
      formatted_title: 'Master Services Agreement',
      document_type: 'Agreement',
      confidentiality_level: 'confidential',
      date_range_start: '2024-01-01',
      date_range_end: '2024-12-31',
      people_mentioned: ['Ada', 'Grace'],
      named_organizations: ['Acme'],
      languages_used: ['en'],
      quick_summary: 'An MSA.',
      custom_file_category: 'Legal',
    });
    expect(saved.body.file.formatted_title).toBe('Master Services Agreement');
    // A partial update keeps the other fields.
    const partial = await call('PUT', url, { token: r.owner.token, body: { document_type: 'Contract' } });
    expect(partial.body.metadata).toMatchObject({
      document_type: 'Contract',
      confidentiality_level: 'confidential',
      people_mentioned: ['Ada', 'Grace'],
    });
    expect((await call('GET', url, { token: r.owner.token })).body.metadata.document_type).toBe('Contract');
    expect(names((await call('GET', `${r.base}/files/search?q=services`, { token: r.owner.token })).body.files)).toEqual([
      'm.pdf',
    ]);

    const bad: [Record<string, unknown>, string | RegExp][] = [
      [{ document_type: 'Memo' }, /document_type/],
      [{ confidentiality_level: 'secret' }, /confidentiality_level/],
      [{ date_range_start: '2025-01-01', date_range_end: '2024-01-01' }, 'The date range must start before it ends'],
      [{ date_range_start: '01/02/2024' }, 'Dates must look like 2024-12-31'],
      [{ date_range_start: '2024-02-30' }, 'That date does not exist'],
      [{ date_range_end: '2024-13-01' }, 'That date does not exist'],
      [{ date_range_end: '2024-00-10' }, 'That date does not exist'],
      [{ date_range_start: '0000-01-01' }, 'That date does not exist'],
      [{ date_range_start: 20240101 }, /date_range_start/],
      [{ people_mentioned: 'Ada' }, /people_mentioned/],
      [{ unknown_field: 1 }, /unknown_field|Unrecognized/],
      [{ quick_summary: 'x'.repeat(5001) }, /quick_summary/],
    ];
    for (const [body, detail] of bad) {
      expectError(await call('PUT', url, { token: r.owner.token, body }), 400, detail);
    }
    const after = (await call('GET', url, { token: r.owner.token })).body.metadata;
    expect(after).toMatchObject({
      document_type: 'Contract',
      confidentiality_level: 'confidential',
      date_range_start: '2024-01-01',
      date_range_end: '2024-12-31',
    });
  });

  it('refuses a date range that ends before the saved start (the check covers what is stored, not just the body)', async () => {
    const r = await room('metarange');
    const up = await directOk(r, r.owner, { filename: 'm.pdf', path: '/' });
    const url = `${r.base}/files/${up.fileId}/metadata`;
    expect((await call('PUT', url, { token: r.owner.token, body: { date_range_start: '2024-06-01' } })).status).toBe(200);
    expectError(
      await call('PUT', url, { token: r.owner.token, body: { date_range_end: '2024-01-01' } }),
      400,
      'The date range must start before it ends',
    );
    expect((await call('GET', url, { token: r.owner.token })).body.metadata).toMatchObject({
      date_range_start: '2024-06-01',
      date_range_end: null,
    });
    expect((await call('PUT', url, { token: r.owner.token, body: { date_range_end: '2024-06-01' } })).status).toBe(200);
  });

  it("a viewer may read but not change metadata of someone else's file", async () => {
    const r = await room('metaviewer');
    const viewer = await member(r, 'viewer');
    const up = await directOk(r, r.owner, { filename: 'm.pdf', path: '/' });
    const url = `${r.base}/files/${up.fileId}/metadata`;
    expect((await call('GET', url, { token: viewer.token })).status).toBe(200);
    expectError(
      await call('PUT', url, { token: viewer.token, body: { document_type: 'NDA' } }),
      403,
      "You don't have permission to edit this file.",
    );
    expect(await sql`select 1 from public.file_metadata where file_id = ${up.fileId}`).toHaveLength(0);
  });
});
