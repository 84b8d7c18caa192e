// Two members editing the same file: an edit based on an older version gets 412 (its If-Match failed)
// naming who changed it, with the current state, instead of silently overwriting; edits without If-Match
// keep working, and a name taken in the folder stays a 409 (decision 45).
import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { expectError, setName } from './expect.ts';
import { member, room, twoStep } from './dataroom-lib.ts';

describe('concurrent edits of one file', () => {
  it('refuses a stale rename and a stale metadata edit with 412, the editor named and the current file included', async () => {
    const r = await room('edit-race');
    const other = await member(r, 'contributor', 'editor');
    await setName(other, 'Casey', 'Counsel');
    const { fileId } = await twoStep(r, r.owner, { filename: 'SPA.pdf' });
    const loaded = await call('GET', `${r.base}/files/${fileId}`, { token: r.owner.token });
    expect(loaded.headers.get('etag')).toMatch(new RegExp(`^"${loaded.body.edit_version}-[0-9a-f]{32}"$`));
    const seen = loaded.headers.get('etag')!;

    const theirs = await call('PUT', `${r.base}/files/${fileId}`, {
      token: other.token,
      body: { name: 'SPA (signed).pdf' },
      headers: { 'if-match': seen },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.edit_version).toBe(loaded.body.edit_version + 1);

    const mine = await call('PUT', `${r.base}/files/${fileId}`, {
      token: r.owner.token,
      body: { name: 'SPA final.pdf' },
      headers: { 'if-match': seen },
    });
    expectError(
      mine,
      412,
      'This file was changed by Casey Counsel meanwhile. Review the current details and make your change again.',
    );
    expect(mine.body.current).toMatchObject({ id: fileId, name: 'SPA (signed).pdf', edit_version: theirs.body.edit_version });

    const staleMeta = await call('PUT', `${r.base}/files/${fileId}/metadata`, {
      token: r.owner.token,
      body: { quick_summary: 'Draft' },
      headers: { 'if-match': seen },
    });
    expect(staleMeta.status).toBe(412);
    const fresh = await call('PUT', `${r.base}/files/${fileId}/metadata`, {
      token: r.owner.token,
      body: { quick_summary: 'Signed version' },
      headers: { 'if-match': `"${theirs.body.edit_version}"` },
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.metadata.quick_summary).toBe('Signed version');
    const now = await call('GET', `${r.base}/files/${fileId}`, { token: r.owner.token });
    expect(now.body.name).toBe('SPA (signed).pdf');
    expect(now.body.edit_version).toBe(theirs.body.edit_version + 1);
  });

  it('an approval does not count as an edit, and edits without If-Match still apply', async () => {
    const r = await room('edit-approve');
    const { fileId } = await twoStep(r, r.owner, { filename: 'NDA.pdf' });
    const loaded = await call('GET', `${r.base}/files/${fileId}`, { token: r.owner.token });
    const approved = await call('PUT', `${r.base}/files/${fileId}/approval`, {
      token: r.owner.token,
      body: { status: 'approved' },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const rename = await call('PUT', `${r.base}/files/${fileId}`, {
      token: r.owner.token,
      body: { name: 'NDA signed.pdf' },
      headers: { 'if-match': loaded.headers.get('etag')! },
    });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    const blind = await call('PUT', `${r.base}/files/${fileId}`, { token: r.owner.token, body: { name: 'NDA (2).pdf' } });
    expect(blind.status).toBe(200);
    expectError(
      await call('PUT', `${r.base}/files/${fileId}`, {
        token: r.owner.token,
        body: { name: 'x.pdf' },
        headers: { 'if-match': 'yesterday' },
      }),
      400,
      /If-Match/,
    );
  });
});
