// The AI engine under Deno, as the ai-worker edge function runs it: text extraction from a PDF (pdf.js)
// and a Word document (fflate), and the built-in classifier, with the same results as under Node.
import { classify } from '../_shared/ai/classifier.ts';
import { extractText } from '../_shared/ai/extract.ts';
import { docx, pdf } from '../../../scripts/bench/ai/office.ts';
import { assert, assertEquals } from './assert.ts';

const checklist = [
  { item_id: 'accounts', name: 'Audited financial statements', category: 'Financial' },
  { item_id: 'leases', name: 'Real estate leases', category: 'Property' },
  { item_id: 'nda', name: 'Confidentiality agreements', category: 'Legal' },
];

Deno.test('extracts a PDF and a Word document under Deno and classifies them', async () => {
  const report = pdf("Independent auditor's report. Balance sheet and income statement for the year ended 31 December 2024.");
  const fromPdf = await extractText('Scan_0042.pdf', 'application/pdf', report, report.length);
  assertEquals(fromPdf.extraction, 'full');
  assert(fromPdf.text.includes('Independent auditor'), `PDF text: ${fromPdf.text}`);
  assertEquals(classify({ fileName: 'Scan_0042.pdf', text: fromPdf.text, checklist }).candidates[0].item_id, 'accounts');

  const lease = docx(
    'This lease is made between the landlord and the tenant for the office premises. The tenant pays the rent quarterly.',
  );
  const fromDocx = await extractText('Document1.docx', '', lease, lease.length);
  assertEquals(fromDocx.extraction, 'full');
  assertEquals(classify({ fileName: 'Document1.docx', text: fromDocx.text, checklist }).candidates[0].item_id, 'leases');
});

Deno.test('a corrupt PDF under Deno is classified from its name, and the reasoning says so', async () => {
  const broken = new TextEncoder().encode('%PDF-1.7 not really a PDF');
  const out = await extractText('Mutual NDA - Globex.pdf', 'application/pdf', broken, broken.length);
  assertEquals(out.extraction, 'name_only');
  const result = classify({ fileName: 'Mutual NDA - Globex.pdf', text: out.text, textNote: out.note, checklist });
  assertEquals(result.candidates[0].item_id, 'nda');
  assert(/name/i.test(result.reasoning), result.reasoning);
});
