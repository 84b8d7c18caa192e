/** The viewer's server side (issue 34, decision 44): who reads what, how it is stamped, and its signed sources. */
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { signSource, verifySource } from '../../supabase/functions/_shared/viewer/source-token.ts';
import { call, registerUser, sql } from './helpers.ts';
import { member, room, sha256, twoStep } from './dataroom-lib.ts';
import { pdfOf, pngBytes, source, textOf, viewer, viewOnly } from './viewer-lib.ts';
import { addSetMember } from './people-lib.ts';

describe('viewer', () => {
  it('serves a view-only member a PDF stamped with their e-mail, the deal and the time; a downloader the original', async () => {
    const r = await room('view-pdf');
    const bytes = await pdfOf(['Quarterly figures', 'Second page']);
    const up = await twoStep(r, r.owner, { filename: 'Figures.pdf', bytes, content_type: 'application/pdf' });
    const reader = await viewOnly(r);

    const answer = await viewer(r, up.fileId, reader);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      file_id: up.fileId,
      version_number: 1,
      filename: 'Figures.pdf',
      mime_type: 'application/pdf',
      size_bytes: bytes.length,
      render_as: 'pdf',
      watermarked: true,
      can_download: false,
      conversion: null,
    });
    expect(answer.body.expires_in).toBeGreaterThan(0);
    const stamped = await source(answer.body.source_url);
    expect(stamped.status).toBe(200);
    expect(stamped.headers.get('content-type')).toBe('application/pdf');
    expect(stamped.headers.get('cache-control')).toBe('private, no-store');
    expect(stamped.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stamped.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(sha256(stamped.bytes)).not.toBe(sha256(bytes));
    const text = await textOf(stamped.bytes);
    expect(text).toContain(reader.email);
    expect(text).toContain('view-pdf deal');
    expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(text).toContain('Quarterly figures');
    const doc = await PDFDocument.load(stamped.bytes);
    expect(doc.getPageCount()).toBe(2);

    const owner = await viewer(r, up.fileId, r.owner);
    expect(owner.body).toMatchObject({ render_as: 'pdf', watermarked: false, can_download: true });
    const original = await source(owner.body.source_url);
    expect(original.status).toBe(200);
    expect(sha256(original.bytes)).toBe(sha256(bytes));
  });

  it('answers 404 to a member without view, to a stranger, and for a file hidden by its permissions (its source too)', async () => {
    const r = await room('view-hidden');
    const up = await twoStep(r, r.owner, { filename: 'Secret.pdf', bytes: await pdfOf(['x']), content_type: 'application/pdf' });
    const reader = await viewOnly(r);
    const stranger = await registerUser('view-stranger');
    const uploadOnly = await registerUser('view-upload-only');
    await addSetMember(r.deal.id, uploadOnly, 'upload_only');
    const link = (await viewer(r, up.fileId, reader)).body.source_url as string;
    expect((await source(link)).status).toBe(200);

    const details = await call('GET', `${r.base}/files/${up.fileId}`, { token: uploadOnly.token });
    const refused = await viewer(r, up.fileId, uploadOnly);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual(details.body);
    expect((await viewer(r, up.fileId, stranger)).status).toBe(404);

    await call('PUT', `${r.base}/files/${up.fileId}/permissions`, {
      token: r.owner.token,
      body: { type: 'custom', denied_users: [reader.id] },
    });
    const hidden = await viewer(r, up.fileId, reader);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual((await call('GET', `${r.base}/files/${up.fileId}`, { token: reader.token })).body);
    // The link made before is asked again as its person: now a 404 with a detail.
    const late = await source(link);
    expect(late.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(late.bytes)).detail).toBeTruthy();
  });

  it('refuses expired, forged and tampered links, and answers 404 once the membership is revoked', async () => {
    const r = await room('view-links');
    const up = await twoStep(r, r.owner, { filename: 'A.pdf', bytes: await pdfOf(['a']), content_type: 'application/pdf' });
    const other = await twoStep(r, r.owner, { filename: 'B.pdf', bytes: await pdfOf(['b']), content_type: 'application/pdf' });
    const reader = await viewOnly(r);
    const link = (await viewer(r, up.fileId, reader)).body.source_url as string;
    const token = link.split('/').pop()!;
    const [body, mac] = token.split('.');
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString());

    // Another file's id, or another person, in the signed part: the signature no longer matches.
    for (const changed of [
      { ...claim, f: other.fileId },
      { ...claim, u: r.owner.id },
      { ...claim, m: 'original' },
    ]) {
      const forged = `${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${mac}`;
      const res = await source(`/viewer-source/${forged}`);
      expect(res.status).toBe(403);
      expect(JSON.parse(new TextDecoder().decode(res.bytes))).toEqual({ detail: 'This link is not valid.' });
    }
    for (const junk of ['x', 'a.b.c', `${body}.`, `${body}.${'A'.repeat(43)}`]) {
      expect((await source(`/viewer-source/${junk}`)).status).toBe(403);
    }
    // Signed by another secret (another server): refused.
    const elsewhere = await signSource('another-secret', claim);
    expect((await source(`/viewer-source/${elsewhere}`)).status).toBe(403);
    await expect(verifySource('another-secret', elsewhere)).resolves.toMatchObject({ f: up.fileId });
    await expect(verifySource('s', await signSource('s', { ...claim, exp: Math.floor(Date.now() / 1000) - 1 }))).rejects.toThrow(
      /expired/,
    );

    await sql`update public.deal_members set status = 'suspended' where deal_id = ${r.deal.id} and user_id = ${reader.id}`;
    expect((await source(link)).status).toBe(404);
  });

  it('lays text and CSV out as stamped pages for a view-only member; serves them as they are to a downloader', async () => {
    const r = await room('view-text');
    const reader = await viewOnly(r);
    const viewerRole = await member(r, 'viewer', 'view-text-downloader');
    const text = `Heads of terms\nPrice: 10 € — naïve “quotes” 中文\n${'long line '.repeat(40)}`;
    const txt = await twoStep(r, r.owner, {
      filename: 'Terms.txt',
      bytes: new TextEncoder().encode(text),
      content_type: 'text/plain',
    });
    const csv = await twoStep(r, r.owner, {
      filename: 'Cap table.csv',
      bytes: new TextEncoder().encode('name,shares\n"Doe, J",10\n'),
    });

    const readTxt = await viewer(r, txt.fileId, reader);
    expect(readTxt.body).toMatchObject({ render_as: 'pdf', watermarked: true });
    const pdf = await source(readTxt.body.source_url);
    const extracted = await textOf(pdf.bytes);
    expect(extracted).toContain('Heads of terms');
    expect(extracted).toContain('10 €');
    expect(extracted).toContain('??'); // what Courier cannot encode
    expect(extracted).toContain(reader.email);
    const readCsv = await viewer(r, csv.fileId, reader);
    expect(readCsv.body).toMatchObject({ render_as: 'pdf', watermarked: true });
    expect(await textOf((await source(readCsv.body.source_url)).bytes)).toContain('"Doe, J",10');

    const asText = await viewer(r, txt.fileId, viewerRole);
    expect(asText.body).toMatchObject({ render_as: 'text', watermarked: false, can_download: true });
    const plain = await source(asText.body.source_url);
    expect(plain.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(new TextDecoder().decode(plain.bytes)).toBe(text);
    const asCsv = await viewer(r, csv.fileId, viewerRole);
    expect(asCsv.body).toMatchObject({ render_as: 'csv', watermarked: false });
    expect((await source(asCsv.body.source_url)).headers.get('content-type')).toBe('text/csv; charset=utf-8');
  });

  it('puts an image on a stamped page for a view-only member, serves the image itself to a downloader; other types are not rendered', async () => {
    const r = await room('view-image');
    const reader = await viewOnly(r);
    const png = await pngBytes();
    const img = await twoStep(r, r.owner, { filename: 'Site.png', bytes: png, content_type: 'image/png' });
    const zip = await twoStep(r, r.owner, { filename: 'Archive.zip', content_type: 'application/zip' });
    const docx = await twoStep(r, r.owner, { filename: 'Memo.docx' });

    const asReader = await viewer(r, img.fileId, reader);
    expect(asReader.body).toMatchObject({ render_as: 'pdf', watermarked: true });
    const stamped = await source(asReader.body.source_url);
    expect((await PDFDocument.load(stamped.bytes)).getPageCount()).toBe(1);
    expect(await textOf(stamped.bytes)).toContain(reader.email);
    const asOwner = await viewer(r, img.fileId, r.owner);
    expect(asOwner.body).toMatchObject({ render_as: 'image', watermarked: false });
    const original = await source(asOwner.body.source_url);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(sha256(original.bytes)).toBe(sha256(png));

    expect((await viewer(r, zip.fileId, r.owner)).body).toMatchObject({ render_as: 'none', source_url: null, conversion: null });
    expect((await viewer(r, docx.fileId, reader)).body).toMatchObject({
      render_as: 'none',
      source_url: null,
      conversion: { status: 'unavailable', detail: 'Preview of this file type is not available on this server.' },
    });
    const badVersion = await viewer(r, img.fileId, r.owner, '?version=abc');
    expect(badVersion.status).toBe(400);
    expect((await viewer(r, img.fileId, r.owner, '?version=9')).status).toBe(404);
  });

  it('gives a view-only member no download URL for the file or any version', async () => {
    const r = await room('view-nodl');
    const reader = await viewOnly(r);
    const up = await twoStep(r, r.owner, { filename: 'A.pdf', bytes: await pdfOf(['a']), content_type: 'application/pdf' });
    const base = `${r.base}/files/${up.fileId}`;
    for (const path of [`${base}/download`, `${base}/download-url`, `${base}/versions/1/download-url`]) {
      const res = await call('GET', path, { token: reader.token });
      expect(res.status, path).toBe(403);
      expect(res.body.download_url).toBeUndefined();
    }
    const versions = await call('GET', `${base}/versions`, { token: reader.token });
    expect(versions.status).toBe(200);
    expect(JSON.stringify(versions.body)).not.toMatch(/storage\/v1|viewer-source/);
  });
});

describe('"Watermark downloads"', () => {
  it('only deal admins change it; when on, downloaded PDFs and images carry the stamp, other files come as they are', async () => {
    const r = await room('wm-dl');
    const admin = await member(r, 'admin', 'wm-admin');
    const contributor = await member(r, 'contributor', 'wm-contributor');
    const downloader = await member(r, 'viewer', 'wm-downloader');
    const pdf = await twoStep(r, r.owner, {
      filename: 'Deck.pdf',
      bytes: await pdfOf(['Board deck']),
      content_type: 'application/pdf',
    });
    const png = await twoStep(r, r.owner, { filename: 'Plan.png', bytes: await pngBytes(), content_type: 'image/png' });
    const txt = await twoStep(r, r.owner, { filename: 'Notes.txt', content_type: 'text/plain' });
    const deal = await call('GET', r.base, { token: r.owner.token });
    expect(deal.body.watermark_downloads).toBe(false);
    const plain = await call('GET', `${r.base}/files/${pdf.fileId}/download-url`, { token: downloader.token });
    expect(plain.body.download_url).toMatch(/^\/storage\/v1\/download\//);

    for (const who of [contributor, downloader]) {
      const refused = await call('PUT', r.base, { token: who.token, body: { name: 'wm-dl deal', watermark_downloads: true } });
      expect(refused.status).toBe(403);
      // The database refuses it too: the deals_update policy leaves the row untouched for a non-admin.
      await sql.begin(async (tx) => {
        await tx`select set_config('role', 'authenticated', true),
                        set_config('request.jwt.claims', ${JSON.stringify({ sub: who.id, role: 'authenticated' })}, true)`;
        expect((await tx`update public.deals set watermark_downloads = true where id = ${r.deal.id} returning id`).length).toBe(
          0,
        );
      });
    }
    const bad = await call('PUT', r.base, { token: admin.token, body: { name: 'wm-dl deal', watermark_downloads: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('watermark_downloads is true or false');
    const on = await call('PUT', r.base, { token: admin.token, body: { name: 'wm-dl deal', watermark_downloads: true } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.watermark_downloads).toBe(true);
    // Leaving it out of an edit keeps it.
    const kept = await call('PUT', r.base, { token: r.owner.token, body: { name: 'wm-dl deal' } });
    expect(kept.body.watermark_downloads).toBe(true);

    const link = await call('GET', `${r.base}/files/${pdf.fileId}/download-url`, { token: downloader.token });
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ filename: 'Deck.pdf', version_number: 1 });
    expect(link.body.download_url).toMatch(/^\/viewer-source\//);
    const got = await source(link.body.download_url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="Deck.pdf"/);
    const text = await textOf(got.bytes);
    expect(text).toContain(downloader.email);
    expect(text).toContain('wm-dl deal');
    expect(text).toContain('Board deck');

    const image = await call('GET', `${r.base}/files/${png.fileId}/versions/1/download-url`, { token: downloader.token });
    expect(image.body.filename).toBe('Plan.pdf');
    const stampedImage = await source(image.body.download_url);
    expect(stampedImage.headers.get('content-type')).toBe('application/pdf');
    expect(await textOf(stampedImage.bytes)).toContain(downloader.email);

    const notes = await call('GET', `${r.base}/files/${txt.fileId}/download-url`, { token: downloader.token });
    expect(notes.body.download_url).toMatch(/^\/storage\/v1\/download\//);
    // The viewer itself still shows a downloader the original.
    expect((await viewer(r, pdf.fileId, downloader)).body).toMatchObject({ render_as: 'pdf', watermarked: false });
    // A download link is refused once the right to download is gone.
    await sql`update public.deal_members set role = 'member', permission_set_id = (select id from public.permission_sets where name = 'upload_only' and deal_id is null) where deal_id = ${r.deal.id} and user_id = ${downloader.id}`;
    expect((await source(link.body.download_url)).status).toBe(404);
  });
});
