import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fileArchived,
  fileComment,
  fileDetail,
  fileMetadataAnswer,
  filePermissions,
  fileVersion,
  uploadedFile,
} from '../../supabase/functions/_shared/contracts/files.ts';
import { downloadUrl, uploadUrl, versionUploadUrl } from '../../supabase/functions/_shared/contracts/uploads.ts';
import {
  createdFolder,
  folderArchived,
  folderDetail,
  folderListing,
  searchResults,
} from '../../supabase/functions/_shared/contracts/folders.ts';
import { call } from './helpers.ts';
import { expectAnswer } from './expect.ts';
import { directOk, room, twoStep } from './dataroom-lib.ts';

// Every answer of the data room's reads and changes parsed with its contract (strict: a field missing,
// added or of another type fails).
describe('data room answers match their contracts', () => {
  it('folders, the listing, search, uploads and a file page', async () => {
    const r = await room('cdr');
    const t = { token: r.owner.token };
    const b = r.base;
    const folder = expectAnswer(
      await call('POST', `${b}/folders`, { ...t, body: { name: 'Reports', path: '/' } }),
      201,
      createdFolder,
    );
    expectAnswer(await call('GET', `${b}/folders/${folder.id}`, t), 200, folderDetail);

    const up = await twoStep(r, r.owner, { filename: 'alpha.pdf', tags: ['t1'], path: '/Reports' });
    uploadUrl.parse(up.start);
    uploadedFile.parse(up.file);
    const direct = await directOk(r, r.owner, { filename: 'beta.pdf', path: '/' });
    uploadedFile.parse(direct.file);

    const root = expectAnswer(await call('GET', `${b}/files?path=/`, t), 200, folderListing);
    expect(root.files).toHaveLength(1);
    const inner = expectAnswer(await call('GET', `${b}/files?path=/Reports&limit=1`, t), 200, folderListing);
    expect(inner.file_count).toBe(1);
    const found = expectAnswer(await call('GET', `${b}/files/search?q=e`, t), 200, searchResults);
    expect(found.folders.length + found.files.length).toBeGreaterThan(1);

    const f = `${b}/files/${up.fileId}`;
    expectAnswer(await call('GET', f, t), 200, fileDetail);
    expectAnswer(await call('PUT', f, { ...t, body: { formatted_title: 'Alpha' } }), 200, fileDetail);
    expectAnswer(await call('PUT', `${f}/tags-links`, { ...t, body: { tags: ['x'] } }), 200, fileDetail);
    expectAnswer(await call('PUT', `${f}/approval`, { ...t, body: { status: 'review' } }), 200, fileDetail);
    expectAnswer(await call('GET', `${f}/versions`, t), 200, z.array(fileVersion));
    expectAnswer(await call('POST', `${f}/comments`, { ...t, body: { comment: 'Looks right' } }), 201, fileComment);
    expectAnswer(await call('GET', `${f}/comments`, t), 200, z.array(fileComment));
    expectAnswer(await call('GET', `${f}/metadata`, t), 200, fileMetadataAnswer);
    expectAnswer(await call('PUT', `${f}/metadata`, { ...t, body: { document_type: 'NDA' } }), 200, fileMetadataAnswer);
    expectAnswer(await call('GET', `${f}/permissions`, t), 200, filePermissions);
    expectAnswer(await call('PUT', `${f}/permissions`, { ...t, body: { type: 'all' } }), 200, filePermissions);
    expectAnswer(await call('GET', `${f}/download-url`, t), 200, downloadUrl);
    expectAnswer(
      await call('POST', `${f}/versions/upload-url`, { ...t, body: { content_type: 'application/pdf' } }),
      200,
      versionUploadUrl,
    );
    expectAnswer(await call('PUT', `${b}/files/${direct.fileId}/archive`, t), 200, fileArchived);
    expectAnswer(await call('PUT', `${b}/folders/${folder.id}/archive`, t), 200, folderArchived);
  });
});
