/**
 * Data room, walked in Chromium against the real server: Upload Files and a byte-exact download, a
 * resumable upload that survives a dropped connection and resumes after Try Again or a reload,
 * folders and breadcrumbs, drag-and-drop upload, Import Folder of a nested tree, a Share Link opened by another
 * member, a new version and a comment on the file page, and a file hidden from a denied member.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { after, describe } from 'node:test';
import type { Page } from 'playwright-core';
import { SEND_WITH_CREATION_MAX_BYTES } from '../../supabase/functions/_shared/contracts/dataroom.ts';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  eventually,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  newContext,
  openSignedIn,
  registerUser,
  root,
  uniqueEmail,
  useE2E,
  type TestServer,
  joinDeal,
  fileRow,
  folderRow,
  listingApi,
  checkScreen,
  ownerWithDeal,
  openEmptyDataRoom,
} from './lib.ts';

const scratch = join(root, '.test-data', `e2e-dataroom-files-${process.pid}`);
mkdirSync(scratch, { recursive: true });

/** The bytes the API's download_url serves for the file (current version or `version`). */
async function downloadBytes(
  server: TestServer,
  token: string,
  dealId: string,
  fileId: string,
  version?: number,
): Promise<Buffer> {
  const path = version
    ? `/deals/${dealId}/files/${fileId}/versions/${version}/download-url`
    : `/deals/${dealId}/files/${fileId}/download`;
  const link = await apiCall<{ download_url: string }>(server, 'GET', path, undefined, token);
  const res = await fetch(new URL(link.download_url, server.url));
  assert.equal(res.status, 200, `the download URL answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

type ChosenFiles = { name: string; mimeType: string; buffer: Buffer }[] | { name: string; path: string }[];
const onDisk = (files: ChosenFiles): files is { name: string; path: string }[] => files.every((file) => 'path' in file);

/** Upload Files dialog: choose the files (given or on disk), upload, wait for the rows. */
async function uploadWithDialog(page: Page, files: ChosenFiles): Promise<void> {
  await page.getByRole('button', { name: 'Upload Files' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Files' });
  await expectVisible(dialog, 'the Upload Files dialog');
  await dialog.getByLabel('Choose files').setInputFiles(onDisk(files) ? files.map((file) => file.path) : files);
  await expectVisible(
    dialog.getByTestId('upload-file-list').getByText(files[0].name, { exact: true }),
    `${files[0].name} in the chosen files`,
  );
  await dialog.getByRole('button', { name: `Upload ${files.length} file${files.length === 1 ? '' : 's'}` }).click();
  await expectHidden(dialog, 'the Upload Files dialog');
  await closeUploadComplete(page, files.length);
  for (const file of files) await expectVisible(fileRow(page, file.name), `the row of ${file.name}`, 20_000);
}

/**
 * Starts a 60 MiB upload through Upload Files whose first 50 MiB chunk gets through, after which storage
 * is out of reach (every tus request fails as a dropped connection does) until `reconnect`.
 * `expectResumed` checks that what followed `reconnect` resumed the same upload: one grant, one tus
 * creation, then only where-to-go-on (HEAD) and the last 10 MiB, and the stored bytes are the file's.
 */
async function uploadCutAfterFirstChunk(page: Page, server: TestServer, dealName: string) {
  const { owner, deal } = await ownerWithDeal(server, 'owner', dealName);
  const bytes = Buffer.alloc(60 * 1024 * 1024);
  for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 251;
  const source = join(scratch, `${dealName.replace(/\W+/g, '-')}.bin`);
  writeFileSync(source, bytes);
  const grants: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/files/upload-url')) grants.push(request.method());
  });
  const storage: { method: string; offset?: string }[] = [];
  let reachable = true;
  await page.route('**/storage/v1/upload/resumable**', async (route) => {
    const request = route.request();
    const offset = (await request.headerValue('upload-offset')) ?? undefined;
    storage.push({ method: request.method(), offset });
    if (request.method() === 'PATCH' && offset === '0') {
      const response = await route.fetch();
      reachable = false;
      return route.fulfill({ response });
    }
    return reachable ? route.continue() : route.abort('internetdisconnected');
  });
  await openEmptyDataRoom(page, owner.token, deal.id);
  await page.getByRole('button', { name: 'Upload Files' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Files' });
  await dialog.getByLabel('Choose files').setInputFiles(source);
  await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
  await eventually(async () => assert.equal(reachable, false, 'the first chunk got through'), 30_000);
  const name = basename(source);
  return {
    storage,
    source: { name, path: source },
    /** Storage is reachable again; answers how many storage requests came before. */
    reconnect(): number {
      reachable = true;
      return storage.length;
    },
    async expectResumed(before: number): Promise<void> {
      await expectVisible(fileRow(page, name), `the row of ${name}`, 20_000);
      const after = storage.slice(before);
      assert.deepEqual(
        after.map((r) => r.method),
        ['HEAD', 'PATCH'],
        `it asked where to go on and sent the rest (${JSON.stringify(after)})`,
      );
      assert.equal(after[1].offset, String(50 * 1024 * 1024), 'the rest started where the first chunk ended');
      assert.equal(storage.filter((r) => r.method === 'POST').length, 1, 'one upload created, none started over');
      assert.deepEqual(grants, ['POST'], 'one upload grant');
      const [file] = (await listingApi(server, owner.token, deal.id)).files;
      const stored = await downloadBytes(server, owner.token, deal.id, file.id);
      assert.ok(stored.equals(bytes), `the stored bytes are the uploaded ones (${stored.length} of ${bytes.length})`);
    },
  };
}

/** The upload progress modal ends at 'Upload complete' with the given count; Close dismisses it. */
async function closeUploadComplete(page: Page, count: number, title = 'Upload complete'): Promise<void> {
  const overlay = page.getByRole('dialog', { name: title });
  await expectVisible(overlay, `the '${title}' modal`, 20_000);
  await expectVisible(
    overlay.getByText(`${count} of ${count} file${count === 1 ? '' : 's'} uploaded`),
    `'${count} of ${count} uploaded'`,
  );
  await overlay.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expectHidden(overlay, `the '${title}' modal after Close`);
}

/** A member of the deal (invited with upload_view through the API, accepted with their own token). */
async function addMember(server: TestServer, ownerToken: string, dealId: string) {
  const member = await registerUser(server, uniqueEmail('member'));
  await joinDeal(server, ownerToken, dealId, member, 'upload_view');
  return member;
}

describe('Data room', () => {
  const e2e = useE2E('dataroom');
  after(() => rmSync(scratch, { recursive: true, force: true }));

  e2e.test('Upload Files lists the file and the download serves the same bytes', async ({ page, server }) => {
    const { owner, deal } = await ownerWithDeal(server, 'owner', 'Project Upload');
    await openEmptyDataRoom(page, owner.token, deal.id);

    // Upload with nothing chosen cannot start: the button waits for a file.
    await page.getByRole('button', { name: 'Upload Files' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    assert.equal(
      await dialog.getByRole('button', { name: 'Upload', exact: true }).isDisabled(),
      true,
      'Upload is disabled until a file is chosen',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog, 'the Upload Files dialog after Cancel');

    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 31 + 7) % 256));
    await uploadWithDialog(page, [{ name: 'financials-2024.bin', mimeType: 'application/octet-stream', buffer: bytes }]);
    await expectText(page, '0 folders · 1 file');
    await checkScreen(page, 'dataroom-uploaded');

    const files = (await listingApi(server, owner.token, deal.id)).files;
    assert.deepEqual(
      files.map((f) => f.name),
      ['financials-2024.bin'],
    );
    const viaApi = await downloadBytes(server, owner.token, deal.id, files[0].id);
    assert.ok(viaApi.equals(bytes), `the download_url serves the uploaded bytes (${viaApi.length} of ${bytes.length})`);

    // The row's Download button saves the same bytes in the browser.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      fileRow(page, 'financials-2024.bin').getByRole('button', { name: 'Download financials-2024.bin' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'financials-2024.bin');
    const saved = join(scratch, `download-${Date.now()}.bin`);
    await download.saveAs(saved);
    assert.ok(readFileSync(saved).equals(bytes), 'the browser download has the uploaded bytes');

    // Edit File from the row: a new name and a description.
    await fileRow(page, 'financials-2024.bin').getByRole('button', { name: 'Actions for financials-2024.bin' }).click();
    await page.getByRole('menuitem', { name: /Edit File/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit File' });
    await edit.getByLabel('File name').fill('Financials FY2024.bin');
    await edit.getByLabel('Description').fill('Audited figures, final');
    await checkScreen(page, 'dataroom-edit-file');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page, 'File updated');
    await expectVisible(fileRow(page, 'Financials FY2024.bin'), 'the renamed row');
    const metadata = await apiCall<{ metadata: { quick_summary: string } }>(
      server,
      'GET',
      `/deals/${deal.id}/files/${files[0].id}/metadata`,
      undefined,
      owner.token,
    );
    assert.equal(metadata.metadata.quick_summary, 'Audited figures, final');
  });

  e2e.test('an upload whose connection drops resumes through tus and stores the same bytes', async ({ page, server }) => {
    const { owner, deal } = await ownerWithDeal(server, 'owner', 'Project Resume');
    // A file too large to go with its creation: created first, then sent. Its first PATCH is cut off, as a
    // dropped connection would be; the client asks where to go on (HEAD).
    const seen: string[] = [];
    await page.route('**/storage/v1/upload/resumable**', async (route) => {
      const method = route.request().method();
      seen.push(method);
      if (method === 'PATCH' && seen.filter((m) => m === 'PATCH').length === 1) return route.abort('connectionreset');
      return route.continue();
    });
    await openEmptyDataRoom(page, owner.token, deal.id);
    const bytes = Buffer.alloc(SEND_WITH_CREATION_MAX_BYTES + 200_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 13 + 5) % 256;
    await uploadWithDialog(page, [{ name: 'resumed.bin', mimeType: 'application/octet-stream', buffer: bytes }]);
    assert.deepEqual(seen.slice(0, 2), ['POST', 'PATCH']);
    assert.ok(seen.includes('HEAD'), `the client asked for the offset after the drop (${seen.join(', ')})`);
    assert.equal(seen.at(-1), 'PATCH');
    const [file] = (await listingApi(server, owner.token, deal.id)).files;
    const stored = await downloadBytes(server, owner.token, deal.id, file.id);
    assert.ok(stored.equals(bytes), `the stored bytes are the uploaded ones (${stored.length} of ${bytes.length})`);
  });

  e2e.test(
    'a small file goes with its creation request, sent again whole when that request is cut off',
    async ({ page, server }) => {
      const { owner, deal } = await ownerWithDeal(server, 'owner', 'Project One Request');
      const seen: string[] = [];
      await page.route('**/storage/v1/upload/resumable**', async (route) => {
        const method = route.request().method();
        seen.push(method);
        if (seen.length === 1) return route.abort('connectionreset');
        return route.continue();
      });
      await openEmptyDataRoom(page, owner.token, deal.id);
      const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7 + 3) % 256));
      await uploadWithDialog(page, [{ name: 'small.bin', mimeType: 'application/octet-stream', buffer: bytes }]);
      // No PATCH: the creation carried every byte, the second time.
      assert.deepEqual(seen, ['POST', 'POST']);
      const [file] = (await listingApi(server, owner.token, deal.id)).files;
      const stored = await downloadBytes(server, owner.token, deal.id, file.id);
      assert.ok(stored.equals(bytes), `the stored bytes are the uploaded ones (${stored.length} of ${bytes.length})`);
    },
  );

  e2e.test('Try Again after storage stayed out of reach resumes the same upload where it stopped', async ({ page, server }) => {
    const cut = await uploadCutAfterFirstChunk(page, server, 'Project Try Again');
    // The client's own retries (about 40 s) run out.
    const failed = page.getByRole('dialog', { name: 'Upload finished with errors' });
    await expectVisible(failed, "the 'Upload finished with errors' modal", 90_000);
    assert.ok(cut.storage.filter((r) => r.method === 'HEAD').length >= 3, `the client retried (${cut.storage.length} requests)`);
    // The first 50 MiB chunk is in storage, and the modal says so.
    await expectVisible(
      failed.getByText('50.0 MB of 60.0 MB stored: Try Again sends only the rest.'),
      'what storage kept of the failed file',
    );
    assert.equal((await failed.getByTestId('upload-byte-count').textContent())?.trim(), '50.0 MB of 60.0 MB');
    await checkScreen(page, 'dataroom-upload-failed-kept');

    const before = cut.reconnect();
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await closeUploadComplete(page, 1);
    await cut.expectResumed(before);
  });

  e2e.test('after a reload, choosing the same file again resumes its upload where it stopped', async ({ page, server }) => {
    const cut = await uploadCutAfterFirstChunk(page, server, 'Project Reload');
    await eventually(async () =>
      assert.ok(
        cut.storage.some((r) => r.method === 'HEAD'),
        'the client is retrying',
      ),
    );
    // Leaving while files are being sent asks first (beforeunload): the person confirms.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expectText(page, 'No files or folders yet', { timeout: FIRST_LOAD_TIMEOUT });
    // The page says which upload did not finish, and how to resume it.
    const notice = page.getByTestId('interrupted-uploads');
    await expectVisible(notice.getByText('An upload did not finish'), "'An upload did not finish'");
    await expectVisible(notice.getByText(`${cut.source.name} (60.0 MB)`), 'the interrupted file and its size');
    await expectVisible(notice.getByText('50.0 MB stored'), 'what storage kept of it');
    await checkScreen(page, 'dataroom-interrupted-upload');

    const before = cut.reconnect();
    await uploadWithDialog(page, [cut.source]);
    await cut.expectResumed(before);
    await expectHidden(notice, 'the notice, once the upload finished');
  });

  e2e.test('create a folder, open it, and come back by the breadcrumbs', async ({ page, server }) => {
    const { owner, deal } = await ownerWithDeal(server, 'owner', 'Project Folders');
    await openEmptyDataRoom(page, owner.token, deal.id);

    await page.getByRole('button', { name: 'Create Folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Folder' });
    await expectVisible(dialog, 'the Create New Folder dialog');
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    await expectVisible(dialog.getByText('Please enter a folder name'), "'Please enter a folder name'");
    await dialog.locator('input[name="folder-name"]').fill('Legal Docs');
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    await expectHidden(dialog, 'the Create New Folder dialog');
    await expectVisible(folderRow(page, 'Legal Docs'), 'the Legal Docs row');

    await folderRow(page, 'Legal Docs').getByRole('link', { name: 'Legal Docs' }).click();
    await expectPath(page, `/deals/${deal.id}/files/Legal%20Docs`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Legal Docs' }), 'the Legal Docs heading');

    // A subfolder, then back up two levels by the breadcrumbs.
    await page.getByRole('button', { name: 'Create Folder' }).click();
    await dialog.locator('input[name="folder-name"]').fill('Contracts');
    await dialog.getByRole('button', { name: 'Create Folder' }).click();
    await expectHidden(dialog, 'the Create New Folder dialog');
    await folderRow(page, 'Contracts').getByRole('link', { name: 'Contracts' }).click();
    await expectPath(page, `/deals/${deal.id}/files/Legal%20Docs/Contracts`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Contracts' }), 'the Contracts heading');
    await checkScreen(page, 'dataroom-subfolder');

    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    await crumbs.getByRole('link', { name: 'Legal Docs' }).click();
    await expectPath(page, `/deals/${deal.id}/files/Legal%20Docs`);
    await expectVisible(folderRow(page, 'Contracts'), 'Contracts inside Legal Docs');
    await crumbs.getByRole('link').first().click();
    await expectPath(page, `/deals/${deal.id}/files`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Data Room' }), 'the Data Room heading');
    await expectVisible(folderRow(page, 'Legal Docs'), 'Legal Docs at the root');
  });

  e2e.test('drag-and-drop upload and Import Folder of a nested tree', async ({ page, server }) => {
    const { owner, deal } = await ownerWithDeal(server, 'owner', 'Project Drop');
    await openEmptyDataRoom(page, owner.token, deal.id);

    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['dropped contents 123'], 'dropped-note.txt', { type: 'text/plain' }));
      return dt;
    });
    const zone = page.getByTestId('drop-zone');
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await closeUploadComplete(page, 1);
    await expectVisible(fileRow(page, 'dropped-note.txt'), 'the dropped file row', 20_000);
    const dropped = (await listingApi(server, owner.token, deal.id)).files.find((f) => f.name === 'dropped-note.txt');
    assert.ok(dropped, 'the dropped file is in the listing');
    assert.equal((await downloadBytes(server, owner.token, deal.id, dropped.id)).toString(), 'dropped contents 123');

    // A tree on disk: Target/a.txt, Target/Sub/b.txt, Target/Sub/Deep/c.txt.
    const tree = join(scratch, `import-${Date.now()}`, 'Target');
    mkdirSync(join(tree, 'Sub', 'Deep'), { recursive: true });
    writeFileSync(join(tree, 'a.txt'), 'alpha');
    writeFileSync(join(tree, 'Sub', 'b.txt'), 'bravo');
    writeFileSync(join(tree, 'Sub', 'Deep', 'c.txt'), 'charlie');

    await page.getByRole('button', { name: 'Import Folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Folder' });
    await expectVisible(dialog, 'the Import Folder dialog');
    await dialog.getByTestId('import-folder-input').setInputFiles(tree);
    const summary = dialog.getByTestId('import-summary');
    await expectVisible(summary.getByText('Target', { exact: true }), 'the chosen folder name');
    await expectVisible(summary.getByText(/3 files in 3 folders/), "'3 files in 3 folders'");
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expectHidden(dialog, 'the Import Folder dialog');
    await closeUploadComplete(page, 3, 'Import complete');
    await expectVisible(folderRow(page, 'Target'), 'the imported Target folder', 20_000);

    await eventually(
      async () => {
        const deep = await listingApi(server, owner.token, deal.id, '/Target/Sub/Deep');
        assert.deepEqual(
          deep.files.map((f) => f.name),
          ['c.txt'],
        );
      },
      20_000,
      250,
    );
    const sub = await listingApi(server, owner.token, deal.id, '/Target/Sub');
    assert.deepEqual(
      sub.folders.map((f) => f.name),
      ['Deep'],
    );
    assert.deepEqual(
      sub.files.map((f) => f.name),
      ['b.txt'],
    );
    assert.deepEqual(
      (await listingApi(server, owner.token, deal.id, '/Target')).files.map((f) => f.name),
      ['a.txt'],
    );

    await page.goto(`/deals/${deal.id}/files/Target/Sub/Deep`);
    await expectVisible(fileRow(page, 'c.txt'), 'c.txt in /Target/Sub/Deep');
    await checkScreen(page, 'dataroom-imported');
  });

  e2e.test(
    'a Share Link opens the same folder for another member; a new version and a comment; a denied member loses the file',
    async ({ page, server }) => {
      const { owner, deal } = await ownerWithDeal(server, 'owner', 'Project Share');
      const member = await addMember(server, owner.token, deal.id);
      await apiCall(server, 'POST', `/deals/${deal.id}/folders`, { name: 'Shared Room', path: '/' }, owner.token);
      const folder = (await listingApi(server, owner.token, deal.id, '/Shared Room')).folder;
      assert.ok(folder, 'the folder exists');

      await openSignedIn(page, owner.token, `/deals/${deal.id}/files/Shared%20Room`);
      await expectVisible(
        page.getByRole('heading', { level: 1, name: 'Shared Room' }),
        'the Shared Room heading',
        FIRST_LOAD_TIMEOUT,
      );
      await uploadWithDialog(page, [
        { name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('memo version one') },
        { name: 'secret.txt', mimeType: 'text/plain', buffer: Buffer.from('for owners only') },
      ]);

      // The Share Link: copied to the clipboard where allowed, and id-based.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Share Link' }).click();
      await expectText(page, 'Share link copied to clipboard');
      const shareLink = `${server.url}/deals/${deal.id}/data-room/folder/${folder.id}`;
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shareLink);

      // The member opens it in their own context and sees the same folder and files.
      const memberContext = await newContext(e2e.browser, server);
      try {
        const memberPage = await memberContext.newPage();
        await openSignedIn(memberPage, member.token, shareLink);
        await expectVisible(
          memberPage.getByRole('heading', { level: 1, name: 'Shared Room' }),
          "the member's Shared Room heading",
          FIRST_LOAD_TIMEOUT,
        );
        await expectVisible(fileRow(memberPage, 'memo.txt'), 'memo.txt for the member');
        await expectVisible(fileRow(memberPage, 'secret.txt'), 'secret.txt for the member before the restriction');
        await checkScreen(memberPage, 'dataroom-share-link-member');

        // File page: Update File uploads version 2.
        await fileRow(page, 'memo.txt').getByRole('link', { name: 'memo.txt', exact: true }).click();
        await expectPath(page, /^\/deals\/[0-9a-f-]{36}\/files\/[0-9a-f-]{36}$/);
        await expectVisible(page.getByTestId('file-title'), 'the file title');
        const versions = page.getByTestId('versions');
        await expectVisible(versions.getByText('Version 1', { exact: true }), 'Version 1 in Versions');
        await page
          .getByTestId('version-input')
          .setInputFiles({ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('memo version two, longer') });
        await expectText(page, 'New version uploaded', { timeout: 20_000 });
        await expectVisible(versions.getByText('Version 2', { exact: true }), 'Version 2 in Versions');
        assert.equal(await versions.getByTestId('version-row').count(), 2, 'two versions listed');
        await expectVisible(versions.getByTestId('version-row').first().getByText('Current'), 'Version 2 is current');
        const fileId = new URL(page.url()).pathname.split('/').pop()!;
        assert.equal((await downloadBytes(server, owner.token, deal.id, fileId)).toString(), 'memo version two, longer');
        assert.equal((await downloadBytes(server, owner.token, deal.id, fileId, 1)).toString(), 'memo version one');

        // A comment.
        const comments = page.getByTestId('comments');
        await expectVisible(comments.getByText('No comments yet'), "'No comments yet'");
        await comments.getByLabel('Add a comment').fill('Please confirm the totals on page 3.');
        await comments.getByRole('button', { name: 'Add Comment' }).click();
        await expectVisible(comments.getByText('Please confirm the totals on page 3.'), 'the new comment');
        await page.reload();
        await expectVisible(
          page.getByTestId('comments').getByText('Please confirm the totals on page 3.'),
          'the comment after a reload',
          FIRST_LOAD_TIMEOUT,
        );
        await checkScreen(page, 'dataroom-file-page');

        // Restrict secret.txt: Custom, deny the member.
        await page.goto(`/deals/${deal.id}/files/Shared%20Room`);
        await fileRow(page, 'secret.txt').getByRole('link', { name: 'secret.txt', exact: true }).click();
        await expectVisible(page.getByTestId('file-title'), 'the file title of secret.txt');
        await page.getByTestId('permissions').getByRole('button', { name: 'Edit' }).click();
        const perms = page.getByRole('dialog', { name: 'File Permissions' });
        await expectVisible(perms, 'the File Permissions dialog');
        await perms.getByText('Custom', { exact: true }).click();
        const deny = perms.getByLabel(`Deny ${member.email}`);
        await expectVisible(perms.getByText(member.email, { exact: true }), `the member ${member.email} in the Users tab`);
        await deny.check({ force: true });
        await expectVisible(perms.getByTestId('permission-summary').getByText(/1 denied/), "'1 denied'");
        await perms.getByRole('button', { name: 'Save Permissions' }).click();
        await expectText(page, 'File permissions updated');
        await expectHidden(perms, 'the File Permissions dialog');
        await expectVisible(page.getByTestId('permissions').getByText('Custom access'), "'Custom access'");

        await memberPage.reload();
        await expectVisible(fileRow(memberPage, 'memo.txt'), 'memo.txt still there for the member', FIRST_LOAD_TIMEOUT);
        await expectHidden(fileRow(memberPage, 'secret.txt'), 'secret.txt gone for the denied member');
        const memberFiles = (await listingApi(server, member.token, deal.id, '/Shared Room')).files.map((f) => f.name);
        assert.deepEqual(memberFiles, ['memo.txt'], 'the API hides the file from the member too');
        // The owner still sees it.
        assert.deepEqual((await listingApi(server, owner.token, deal.id, '/Shared Room')).files.map((f) => f.name).sort(), [
          'memo.txt',
          'secret.txt',
        ]);
        await checkScreen(memberPage, 'dataroom-member-after-deny');
      } finally {
        await memberContext.close().catch(() => {});
      }
    },
    { timeout: 180_000 }, // axe-core on three screens too
  );
});
