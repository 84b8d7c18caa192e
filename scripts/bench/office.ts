/**
 * Office conversion for the viewer (docs/decisions.md decision 50): a 50-page DOCX uploaded, converted
 * once by LibreOffice through the worker the embedded server runs (first ask to ready), then the same
 * PDF asked for again and read from the store (the cache). Budget: converted once ≤ 20 s.
 */
import { officeRendition } from '../../supabase/functions/_shared/viewer/office-renditions.ts';
import type { ApiDeps } from '../../supabase/functions/_shared/context.ts';
import { officeConverter } from '../../server/office-converter.ts';
import { startOfficeWorker } from '../../server/office-worker.ts';
import { docxPages, pdfText } from './office-documents.ts';
import { benchApi } from './fixture.ts';
import { ms, percentile, timeMany } from './lib.ts';

const PAGES = 50;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export async function officeBench(): Promise<[string, string, string][]> {
  const converter = officeConverter({ sofficePath: process.env.SOFFICE_PATH });
  if (!converter.available()) return [['LibreOffice', 'absent', 'install it: npm test installs it, or SOFFICE_PATH']];
  const bench = await benchApi('bench-office');
  const { sql, app, blobs } = bench;
  const worker = startOfficeWorker({
    sql,
    blobs,
    converter,
    workerId: 'bench-office',
    log: { info() {}, warn() {}, error() {} },
  });
  try {
    const owner = await bench.session('office-bench@example.com');
    const deal = await bench.blankDeal('Office bench', owner.user.id);
    const form = new FormData();
    const docx = docxPages(PAGES, { paragraphs: 6 });
    form.append('file', new Blob([docx as BlobPart], { type: DOCX }), 'Disclosure schedules.docx');
    const up = await app.request(`/deals/${deal.id}/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.access_token}` },
      body: form,
    });
    if (up.status !== 201) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
    const { file_id: fileId } = (await up.json()) as { file_id: string };

    const deps = { officeRenditions: { available: () => true } } as unknown as ApiDeps;
    const ask = () =>
      sql.begin(async (tx) => {
        await tx`select set_config('role', 'authenticated', true),
                        set_config('request.jwt.claims', ${JSON.stringify({ sub: owner.user.id, role: 'authenticated' })}, true)`;
        return officeRendition(deps, tx, { id: fileId, deal_id: deal.id }, 1);
      });

    const started = performance.now();
    let answer = await ask();
    while (answer.state === 'queued' || answer.state === 'processing') {
      await worker.idle();
      answer = await ask();
    }
    const converted = performance.now() - started;
    if (answer.state !== 'ready') throw new Error(`conversion ended ${answer.state}: ${answer.detail}`);
    const pdf = await blobs.read(answer.storageKey, 1 << 30);
    const { pages } = await pdfText(pdf!);

    const cached = await timeMany(20, async () => {
      const again = await ask();
      if (again.state !== 'ready') throw new Error('not served from the cache');
      await blobs.read(again.storageKey, 1 << 30);
    });
    const [{ conversions }] = await sql<{ conversions: number }[]>`
      select count(*)::int as conversions from public.file_renditions where file_id = ${fileId}`;
    return [
      [`${PAGES}-page DOCX (${Math.round(docx.length / 1024)} KB) converted once`, ms(converted), '≤ 20,000 ms'],
      [`  PDF: pages, size`, `${pages}, ${Math.round(pdf!.length / 1024)} KB`, `${PAGES} pages`],
      ['Served from the cache (state + PDF read), p50', ms(percentile(cached, 50)), `${conversions} conversion in all`],
      ['Served from the cache, p95', ms(percentile(cached, 95)), ''],
    ];
  } finally {
    await worker.stop();
    await bench.stop();
  }
}
