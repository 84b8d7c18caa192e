/**
 * ZIP export in Chromium against the real server (docs/decisions.md decision 48): "Download folder" in a
 * folder's menu saves one ZIP whose entries are the uploaded bytes under the folder's structure, names
 * made safe; selecting rows and "Download as ZIP" does the same for a selection.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import { unzipSync } from 'fflate';
import type { Locator } from 'playwright-core';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  expectText,
  expectVisible,
  openSignedIn,
  root,
  snap,
  useE2E,
  type TestServer,
  uploadApi,
  folderRow,
  ownerWithDeal,
} from './lib.ts';

const scratch = join(root, '.test-data', `e2e-export-${process.pid}`);
mkdirSync(scratch, { recursive: true });

const upload = (server: TestServer, token: string, dealId: string, path: string, name: string, bytes: Buffer) =>
  uploadApi(server, token, dealId, { name, content: bytes, path });

const bytesOf = (seed: number, n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * seed + 11) % 256));

/** Clicks what starts a download and reads the ZIP the browser saved (kept in the scratch folder as `name`-….zip). */
async function downloadZip(start: Locator, name: string): Promise<Record<string, Uint8Array>> {
  const [download] = await Promise.all([start.page().waitForEvent('download'), start.click()]);
  const saved = join(scratch, `${name}-${Date.now()}.zip`);
  await download.saveAs(saved);
  return unzipSync(new Uint8Array(readFileSync(saved)));
}

describe('ZIP export', () => {
  const e2e = useE2E();

  e2e.test('Download folder and Download as ZIP save the folders as one ZIP, byte for byte', async ({ page, server }) => {
    const { owner, deal } = await ownerWithDeal(server, 'owner', 'Project Export');
    await apiCall(server, 'POST', `/deals/${deal.id}/folders`, { name: 'Legal', path: '/' }, owner.token);
    await apiCall(server, 'POST', `/deals/${deal.id}/folders`, { name: 'Contracts: 2024', path: '/Legal' }, owner.token);
    // An empty folder is kept as a folder entry (decision 54).
    await apiCall(server, 'POST', `/deals/${deal.id}/folders`, { name: 'Empty', path: '/Legal' }, owner.token);
    const files: Record<string, Buffer> = {
      'Legal/memo.pdf': bytesOf(7, 40_000),
      'Legal/Contracts_ 2024/spa?.pdf': bytesOf(13, 120_000),
      'Legal/Contracts_ 2024/CON.txt': bytesOf(17, 10),
    };
    await upload(server, owner.token, deal.id, '/Legal', 'memo.pdf', files['Legal/memo.pdf']);
    await upload(server, owner.token, deal.id, '/Legal/Contracts: 2024', 'spa?.pdf', files['Legal/Contracts_ 2024/spa?.pdf']);
    await upload(server, owner.token, deal.id, '/Legal/Contracts: 2024', 'CON.txt', files['Legal/Contracts_ 2024/CON.txt']);
    await upload(server, owner.token, deal.id, '/', 'teaser.pdf', bytesOf(3, 500));

    await openSignedIn(page, owner.token, `/deals/${deal.id}/files`);
    await expectVisible(folderRow(page, 'Legal'), 'the Legal folder', FIRST_LOAD_TIMEOUT);

    await folderRow(page, 'Legal').getByRole('button', { name: 'Actions for folder Legal' }).click();
    const zip = await downloadZip(page.getByRole('menuitem', { name: 'Download folder' }), 'folder');
    const safe = (name: string) => name.replace('spa?.pdf', 'spa_.pdf').replace('CON.txt', '_CON.txt');
    assert.deepEqual(Object.keys(zip).sort(), ['Legal/Empty/', 'MANIFEST.txt', ...Object.keys(files).map(safe)].sort());
    for (const [path, bytes] of Object.entries(files)) {
      assert.ok(Buffer.from(zip[safe(path)]).equals(bytes), `${path} in the ZIP is the uploaded file`);
    }
    const manifest = new TextDecoder().decode(zip['MANIFEST.txt']);
    assert.match(manifest, /Legal\/Contracts_ 2024\/spa_\.pdf\t\/Legal\/Contracts: 2024\/spa\?\.pdf/);

    // A selection: the root file and the folder, one ZIP.
    await page.getByRole('checkbox', { name: 'Select teaser.pdf' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Select folder Legal' }).check({ force: true });
    await expectText(page, '2 selected');
    await snap(page, 'export-selection');
    const zip2 = await downloadZip(page.getByRole('button', { name: 'Download as ZIP' }), 'selection');
    assert.ok(Buffer.from(zip2['teaser.pdf']).equals(bytesOf(3, 500)), 'the root file at the top');
    assert.ok(Buffer.from(zip2['Legal/memo.pdf']).equals(files['Legal/memo.pdf']), 'the folder below it');

    // The feed says so.
    await page.goto(`/deals/${deal.id}/activity`);
    await expectText(page, 'Exported 4 files as ZIP', { timeout: FIRST_LOAD_TIMEOUT });
    await snap(page, 'export-activity');
  });
});
