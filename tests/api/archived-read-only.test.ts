// An archived deal is read-only: writes answer 409 "This deal is archived" (invitations, folders,
// uploads, comments, checklist changes, approvals), reads and downloads stay, and the API's rights
// flags say nothing can be changed.
import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { expectError } from './expect.ts';
import { checklistItems, directOk, download, room } from './dataroom-lib.ts';

describe('archived deals', () => {
  it('refuse every write with 409 and keep reads and downloads', async () => {
    const r = await room('archived');
    const [item] = await checklistItems(r, 1);
    const up = await directOk(r, r.owner, { filename: 'Closing memo.pdf' });
    expect((await call('PUT', `${r.base}/archive`, { token: r.owner.token })).status).toBe(200);
    const t = r.owner.token;

    const writes: [string, string, unknown?][] = [
      ['POST', `${r.base}/invitations`, { email: 'late@example.com', permission_set_id: 'upload_view' }],
      ['POST', `${r.base}/folders`, { name: 'Post-closing', path: '/' }],
      ['POST', `${r.base}/files/upload-url`, { filename: 'late.pdf', content_type: 'application/pdf', path: '/' }],
      ['POST', `${r.base}/files/${up.fileId}/comments`, { comment: 'One more thing' }],
      ['PUT', `${r.base}/files/${up.fileId}/approval`, { status: 'approved' }],
      ['PUT', `${r.base}/files/${up.fileId}/archive`],
      ['POST', `${r.base}/checklist/categories`, { name: 'Tax' }],
      ['PATCH', `${r.base}/checklist/items/${item}`, { name: 'Renamed' }],
      ['POST', `${r.base}/checklist/items/${item}/approve`],
      ['POST', `${r.base}/permissions/groups`, { name: 'Late group' }],
    ];
    for (const [method, path, body] of writes) {
      expectError(await call(method, path, { token: t, body }), 409, 'This deal is archived');
    }
    const bulk = await call('POST', `${r.base}/review-queue/bulk-approve`, { token: t, body: { item_ids: [up.fileId, item] } });
    expect(bulk.body).toEqual({ success_count: 0, failed_count: 2 });

    expect((await call('GET', `${r.base}/files?path=/`, { token: t })).status).toBe(200);
    expect((await download(r, r.owner, up.fileId)).bytes.length).toBeGreaterThan(0);
    const checklist = await call('GET', `${r.base}/checklist`, { token: t });
    expect(checklist.status).toBe(200);
    expect(checklist.body).toMatchObject({ can_edit: false, can_approve: false, can_upload: false });
    const listing = await call('GET', `${r.base}/files?path=/`, { token: t });
    expect(listing.body.capabilities.sort()).toEqual(['download', 'view']);
    const people = await call('GET', `${r.base}/users-enhanced`, { token: t });
    expect(people.body.can_manage).toBe(false);
    const deal = await call('GET', r.base, { token: t });
    expect(deal.body.capabilities.sort()).toEqual(['download', 'view']);
  });
});
