// Races answer truthfully: retried completions of one upload all get the same success (never a false
// "name exists"), and nothing is duplicated.
import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { postFields, postToStore, random, room, twoStep } from './dataroom-lib.ts';

describe('retried completions', () => {
  it('eight concurrent upload-complete calls for one file all answer 200 with the same file', async () => {
    const r = await room('race-complete');
    const bytes = random(2048);
    const start = await call('POST', `${r.base}/files/upload-url`, {
      token: r.owner.token,
      body: { filename: 'Board minutes.pdf', content_type: 'application/pdf', path: '/' },
    });
    expect(start.status).toBe(200);
    expect((await postToStore(start.body.upload_url, bytes, 'Board minutes.pdf', 'application/pdf')).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postFields(
          `${r.base}/files/${start.body.file_id}/upload-complete`,
          r.owner.token,
          { file_size: bytes.length },
          i % 2 ? 'json' : 'multipart',
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.id))).toEqual(new Set([start.body.file_id]));
    expect(new Set(answers.map((a) => a.body.name))).toEqual(new Set(['Board minutes.pdf']));
    const [{ files, versions }] = await sql`
      select (select count(*)::int from public.files where deal_id = ${r.deal.id}) as files,
             (select count(*)::int from public.file_versions where deal_id = ${r.deal.id}) as versions`;
    expect({ files, versions }).toEqual({ files: 1, versions: 1 });
  });

  it('eight concurrent completions of one new version all answer 200 and record one version', async () => {
    const r = await room('race-version');
    const { fileId } = await twoStep(r, r.owner, { filename: 'Cap table.xlsx', bytes: random(100) });
    const v = await call('POST', `${r.base}/files/${fileId}/versions/upload-url`, {
      token: r.owner.token,
      body: { filename: 'Cap table.xlsx', content_type: 'application/octet-stream' },
    });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    const second = random(300);
    expect((await postToStore(v.body.upload_url, second)).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        postFields(`${r.base}/files/${fileId}/versions/upload-complete`, r.owner.token, {
          file_size: second.length,
          storage_path: v.body.storage_path,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const [{ versions }] = await sql`select count(*)::int as versions from public.file_versions where file_id = ${fileId}`;
    expect(versions).toBe(2);
  });
});

describe('download racing a delete', () => {
  it('a download URL asked for while the file is being deleted answers 404, and no activity is half-written', async () => {
    const r = await room('race-download');
    const { fileId } = await twoStep(r, r.owner, {
      filename: 'Term sheet.pdf',
      bytes: random(512),
      content_type: 'application/pdf',
    });
    // The delete holds the row while the download is asked for, and commits while it waits.
    let answer: { status: number; body: { detail?: string } } | undefined;
    await sql.begin(async (tx) => {
      await tx`delete from public.files where id = ${fileId}`;
      const pending = call('GET', `${r.base}/files/${fileId}/download-url`, { token: r.owner.token }).then((a) => {
        answer = a;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(answer, 'the download waits for the delete').toBeUndefined();
      void pending;
    });
    await expect.poll(() => answer?.status, { timeout: 5000 }).toBe(404);
    expect(answer!.body.detail).toMatch(/no longer exists|not found|does not exist/i);
    const [{ downloads }] = await sql`
      select count(*)::int as downloads from public.activities
      where deal_id = ${r.deal.id} and activity_type = 'download'`;
    expect(downloads).toBe(0);
  });
});
