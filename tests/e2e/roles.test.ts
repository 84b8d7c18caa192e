/**
 * A walk per kind of member (docs/product.md §6), in Chromium against the real server: the deal's
 * admin, a member with each permission set (edit, which reads as contributor; approve_only;
 * upload_view; upload_only) opens the dashboard, the data room, a file, the checklist, an item, the
 * people page, the review queue and the activity feed, and sees exactly the buttons their role grants: no more (a button the database would
 * refuse) and no fewer. A screen built later that drifts from the rules fails here. Then upload_only
 * uploads, as docs/decisions.md decision 35 gives it: into a folder with Upload Files, and into a
 * checklist item through the row's Update.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  eventually,
  expectHidden,
  expectVisible,
  newContext,
  openSignedIn,
  registerUser,
  snap,
  uniqueEmail,
  useE2E,
  type TestServer,
  joinDeal,
  uploadApi,
  checkScreen,
  ownerWithDeal,
} from './lib.ts';

type Kind = 'admin' | 'edit' | 'approve_only' | 'upload_view' | 'upload_only';
const KINDS: Kind[] = ['admin', 'edit', 'approve_only', 'upload_view', 'upload_only'];

/** What §6 grants each kind. */
const RULES: Record<
  Kind,
  {
    manageDeal: boolean;
    /** Upload Files and the drop zone. */
    dataRoomUpload: boolean;
    /** Create Folder, Import Folder, the folder rows' actions. */
    dataRoomWrite: boolean;
    seesFiles: boolean;
    editChecklist: boolean;
    updateItems: boolean;
    approveFiles: boolean;
    updateFile: boolean;
    seesEveryone: boolean;
  }
> = {
  admin: {
    manageDeal: true,
    dataRoomUpload: true,
    dataRoomWrite: true,
    seesFiles: true,
    editChecklist: true,
    updateItems: true,
    approveFiles: true,
    updateFile: true,
    seesEveryone: true,
  },
  edit: {
    manageDeal: false,
    dataRoomUpload: true,
    dataRoomWrite: true,
    seesFiles: true,
    editChecklist: true,
    updateItems: true,
    approveFiles: true,
    updateFile: true,
    seesEveryone: true,
  },
  approve_only: {
    manageDeal: false,
    dataRoomUpload: false,
    dataRoomWrite: false,
    seesFiles: true,
    editChecklist: false,
    updateItems: true,
    approveFiles: true,
    updateFile: false,
    seesEveryone: true,
  },
  upload_view: {
    manageDeal: false,
    dataRoomUpload: false,
    dataRoomWrite: false,
    seesFiles: true,
    editChecklist: false,
    updateItems: true,
    approveFiles: false,
    updateFile: false,
    seesEveryone: true,
  },
  upload_only: {
    manageDeal: false,
    dataRoomUpload: true,
    dataRoomWrite: false,
    seesFiles: false,
    editChecklist: false,
    updateItems: true,
    approveFiles: false,
    updateFile: false,
    seesEveryone: false,
  },
};

/** A control by its accessible name, whether a button or a link styled as one. */
const control = (page: Page, name: string): Locator =>
  page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }));

/**
 * What a role grants is waited for: it shows once the page has the member's rights, which may come
 * after the page's first content. What it withholds is checked absent after that, and after the anchor
 * the caller waited for, which the page shows only with those rights in hand.
 */
async function expectPresence(locator: Locator, want: boolean, what: string, state: 'visible' | 'attached' = 'visible') {
  if (!want) {
    assert.equal(await locator.count(), 0, `${what} should not show`);
    return;
  }
  try {
    await locator.first().waitFor({ state, timeout: FIRST_LOAD_TIMEOUT });
  } catch {
    assert.fail(`${what} should show`);
  }
}

async function checkButtons(page: Page, where: string, expected: Record<string, boolean>): Promise<void> {
  const entries = Object.entries(expected).sort(([, a], [, b]) => Number(b) - Number(a));
  for (const [name, want] of entries) await expectPresence(control(page, name), want, `${where}: "${name}"`);
}

async function setUp(server: TestServer) {
  const { owner, deal } = await ownerWithDeal(server, 'walk-owner', 'Role walk', 'default');
  const checklist = await apiCall<{ checklist: Record<string, { id: string; name: string }[]> }>(
    server,
    'GET',
    `/deals/${deal.id}/checklist`,
    undefined,
    owner.token,
  );
  const item = Object.values(checklist.checklist)
    .flat()
    .find((i) => i.name.startsWith('Board and committee minutes'));
  assert.ok(item, 'the Default preset has the board minutes item');
  const fileId = await uploadApi(server, owner.token, deal.id, {
    name: 'Board minutes.txt',
    content: 'Minutes of the board, 3 March',
    type: 'text/plain',
    checklistItems: [item.id],
  });
  await apiCall(server, 'POST', `/deals/${deal.id}/folders`, { name: 'Finance' }, owner.token);
  const tokens: Record<Kind, string> = { admin: owner.token } as Record<Kind, string>;
  for (const set of KINDS.filter((k) => k !== 'admin')) {
    const member = await registerUser(server, uniqueEmail(`walk-${set}`));
    await joinDeal(server, owner.token, deal.id, member, set);
    tokens[set] = member.token;
  }
  return { dealId: deal.id, fileId, itemId: item.id, tokens };
}

describe('Every kind of member sees exactly the buttons §6 grants', () => {
  const e2e = useE2E('roles');

  e2e.test(
    'admin, edit, approve_only, upload_view and upload_only walk the deal',
    async ({ browser, server }) => {
      const { dealId, fileId, itemId, tokens } = await setUp(server);
      for (const kind of KINDS) {
        const rules = RULES[kind];
        const context = await newContext(browser, server);
        try {
          const page = await context.newPage();

          // Dashboard: the deal's own actions are its admins'.
          await openSignedIn(page, tokens[kind], `/deals/${dealId}`);
          await expectVisible(page.getByText('Open checklist'), `${kind}: the dashboard`, FIRST_LOAD_TIMEOUT);
          await expectVisible(page.getByTestId('deal-name'), `${kind}: the deal's header, with the member's rights`);
          await checkButtons(page, `${kind} dashboard`, {
            'Edit Deal': rules.manageDeal,
            'Archive Deal': rules.manageDeal,
            'Manage Users': rules.manageDeal,
            'Invite User': rules.manageDeal,
          });

          // Data room: folders for admins and contributors, uploads for them and upload_only; download
          // wherever the file shows.
          await page.goto(`/deals/${dealId}/data-room`);
          await expectVisible(page.getByRole('button', { name: 'Share Link' }), `${kind}: the data room`, FIRST_LOAD_TIMEOUT);
          await expectVisible(page.getByText('Finance', { exact: true }), `${kind}: the folder row`);
          await checkButtons(page, `${kind} data room`, {
            'Create Folder': rules.dataRoomWrite,
            'Import Folder': rules.dataRoomWrite,
            'Upload Files': rules.dataRoomUpload,
            // Every member who may download gets the folder's menu: "Download folder" (decision 48), and the
            // folder's edits for those who may make them.
            'Actions for folder Finance': rules.seesFiles,
            'Download Board minutes.txt': rules.seesFiles,
          });
          await expectPresence(page.getByText('Board minutes.txt', { exact: true }), rules.seesFiles, `${kind}: the file row`);
          await expectPresence(
            page.locator('input[aria-label="Drop files here"]'),
            rules.dataRoomUpload,
            `${kind}: the drop zone`,
            'attached',
          );
          await checkScreen(page, `roles-${kind}-dataroom`);

          // The file's page.
          await page.goto(`/deals/${dealId}/files/${fileId}`);
          if (rules.seesFiles) {
            await expectVisible(
              page.getByRole('button', { name: 'Download', exact: true }),
              `${kind}: the file page`,
              FIRST_LOAD_TIMEOUT,
            );
            await checkButtons(page, `${kind} file page`, { 'Update File': rules.updateFile });
          } else {
            await expectVisible(page.getByText('File not found'), `${kind}: no file page`, FIRST_LOAD_TIMEOUT);
            await checkButtons(page, `${kind} file page`, { Download: false, 'Update File': false });
          }

          // The checklist: editing for admins, owners and the edit set; Update for every set (upload_only's
          // holds only the upload).
          await page.goto(`/deals/${dealId}/checklist`);
          await expectVisible(page.getByText('Corporate Documents').first(), `${kind}: the checklist`, FIRST_LOAD_TIMEOUT);
          await checkButtons(page, `${kind} checklist`, {
            'Add Category': rules.editChecklist,
            'Add from Catalog': rules.editChecklist,
            'Add Item': rules.editChecklist,
            'Edit Corporate Documents': rules.editChecklist,
            'Delete Corporate Documents': rules.editChecklist,
          });
          await expectPresence(
            page.getByRole('button', { name: 'Update', exact: true }),
            rules.updateItems,
            `${kind}: Update on the rows`,
          );
          await checkScreen(page, `roles-${kind}-checklist`);

          // The item: changing a file's approval for admins, owners, approve_only and edit.
          await page.goto(`/deals/${dealId}/checklist/items/${itemId}`);
          await expectVisible(
            page.getByText('Board and committee minutes and written consents').first(),
            `${kind}: the item`,
            FIRST_LOAD_TIMEOUT,
          );
          if (rules.seesFiles) await expectVisible(page.getByTestId('connected-file'), `${kind}: the connected file`);
          await expectPresence(
            page.getByLabel('Approval of Board minutes.txt'),
            rules.approveFiles,
            `${kind}: the file's approval control`,
          );

          // People: managing them is the admins'; upload_only sees itself and the admins only.
          await page.goto(`/deals/${dealId}/users`);
          // With its count: the member list (or the access summary) that carries the rights has arrived.
          const everyone = page.getByRole('button', { name: /^All members\s*\d+$/ });
          await expectVisible(everyone, `${kind}: the people page`, FIRST_LOAD_TIMEOUT);
          await checkButtons(page, `${kind} people`, {
            'Add Users': rules.manageDeal,
            'Create group': rules.manageDeal,
            'Create tag': rules.manageDeal,
          });
          await eventually(async () =>
            assert.equal(
              Number(/(\d+)/.exec(await everyone.innerText())?.[1]),
              rules.seesEveryone ? 5 : 2,
              `${kind}: members listed`,
            ),
          );
          await checkScreen(page, `roles-${kind}-people`);

          // The review queue: the file for those who see it, its decisions for those who approve.
          await page.goto(`/deals/${dealId}/review`);
          await expectVisible(
            page.getByRole('heading', { name: 'Review Queue' }),
            `${kind}: the review queue`,
            FIRST_LOAD_TIMEOUT,
          );
          await expectVisible(page.getByTestId('review-count').getByText(/^\d+ items? in queue$/), `${kind}: the queue, loaded`);
          await expectPresence(
            page.getByRole('button', { name: 'Board minutes.txt', exact: true }),
            rules.seesFiles,
            `${kind}: the file's row in the queue`,
          );
          await expectPresence(
            page.getByRole('button', { name: 'Approve', exact: true }),
            rules.approveFiles,
            `${kind}: Approve in the queue`,
          );
          // Selecting is for those who may decide: the others follow the queue.
          await eventually(async () =>
            assert.equal(
              await page.getByRole('checkbox', { name: 'Select all' }).isDisabled(),
              !rules.approveFiles,
              `${kind}: Select all in the queue`,
            ),
          );
          await checkScreen(page, `roles-${kind}-review`);

          // The activity feed: entries about the file follow the file.
          await page.goto(`/deals/${dealId}/activity`);
          await expectVisible(
            page.getByRole('heading', { name: 'Activity Feed' }),
            `${kind}: the activity feed`,
            FIRST_LOAD_TIMEOUT,
          );
          // upload_only sees only what it did itself (it sees no one else in the deal).
          await expectVisible(page.getByTestId('activity-count').getByText(/^\d+ activit/), `${kind}: the feed, loaded`);
          await expectPresence(
            page.getByText('Created deal "Role walk"'),
            rules.seesEveryone,
            `${kind}: the owner's creation of the deal`,
          );
          await expectPresence(
            page.getByText('Uploaded "Board minutes.txt"'),
            rules.seesFiles,
            `${kind}: the file's upload in the feed`,
          );
          await checkScreen(page, `roles-${kind}-activity`);
        } finally {
          await context.close();
        }
      }
      // Five walks of seven pages: on a loaded machine that took more than the default 90 s, and up to
      // 100 s a walk at a load of 20 on two cores; a bound, not a pace.
    },
    { timeout: 600_000 },
  );

  e2e.test(
    "upload_only uploads into a folder with Upload Files and into a checklist item through the row's Update",
    async ({ page, server }) => {
      const { dealId, itemId, tokens } = await setUp(server);
      // The owner's file in /Finance, hidden from upload_only, holds a name upload_only will pick too.
      await uploadApi(server, tokens.admin, dealId, {
        name: 'Owner memo.txt',
        content: "the owner's memo",
        type: 'text/plain',
        path: '/Finance',
      });

      // The data room: into /Finance, where it sees none of the owner's files.
      await openSignedIn(page, tokens.upload_only, `/deals/${dealId}/data-room`);
      const finance = page.getByText('Finance', { exact: true });
      await expectVisible(finance, 'the Finance folder row', FIRST_LOAD_TIMEOUT);
      await finance.click();
      await expectVisible(page.getByRole('heading', { name: 'Finance' }), 'the Finance folder', FIRST_LOAD_TIMEOUT);
      await expectVisible(page.getByText('No files of yours here yet'), 'the empty state of a member who sees only its uploads');
      await expectVisible(page.getByText(/You see only the files you upload/), 'what it sees, said');
      await snap(page, 'roles-upload_only-folder-empty');
      await page.getByRole('button', { name: 'Upload Files' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Upload Files' });
      await expectVisible(dialog, 'the Upload Files dialog');
      await dialog.getByLabel('Choose files').setInputFiles([
        { name: 'Delivery.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% delivered\n%%EOF\n') },
        { name: 'Owner memo.txt', mimeType: 'text/plain', buffer: Buffer.from("the member's memo") },
      ]);
      await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
      // The name held by the hidden file is refused before any bytes; Keep both takes the next free name.
      const overlay = page.getByTestId('upload-overlay');
      await expectVisible(
        overlay.getByText('A file named "Owner memo.txt" already exists in this folder'),
        'the name conflict with the hidden file',
        20_000,
      );
      assert.equal(
        await overlay.getByRole('button', { name: 'Upload as new version' }).isDisabled(),
        true,
        'no new version of a file it cannot see',
      );
      await overlay.getByRole('button', { name: 'Keep both' }).click();
      const complete = page.getByRole('dialog', { name: 'Upload complete' });
      await expectVisible(complete, "the 'Upload complete' modal", 20_000);
      await expectVisible(complete.getByText('2 of 2 files uploaded'), "'2 of 2 files uploaded'");
      await complete.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expectHidden(complete, "the 'Upload complete' modal after Close");
      for (const name of ['Delivery.pdf', 'Owner memo (2).txt']) {
        await expectVisible(page.getByText(name, { exact: true }), `its own row ${name}`, 20_000);
      }
      await expectVisible(page.getByText('0 folders · 2 files'), 'only its own two files counted');
      assert.equal(await page.getByText('Owner memo.txt', { exact: true }).count(), 0, "the owner's file stays hidden");
      await snap(page, 'roles-upload_only-folder-uploaded');

      // The checklist: the row's Update holds only the upload into that item.
      await page.goto(`/deals/${dealId}/checklist`);
      await page.getByRole('textbox', { name: 'Search checklist' }).fill('Board and committee minutes');
      const row = page.locator(`[data-testid="checklist-item"][data-item-id="${itemId}"]`);
      await expectVisible(row, 'the item row', FIRST_LOAD_TIMEOUT);
      await row.getByRole('button', { name: 'Update', exact: true }).click();
      const update = page.getByRole('dialog', { name: 'Update Item' });
      await expectVisible(update, 'the Update Item dialog');
      assert.equal(await update.getByRole('combobox', { name: 'Status' }).count(), 0, 'no status field');
      assert.equal(await update.getByLabel('Search files').count(), 0, "no picker of the deal's files");
      await update.locator('input[aria-label="Choose files to upload"]').setInputFiles({
        name: 'Minutes 2024.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n% minutes\n%%EOF\n'),
      });
      await expectVisible(update.getByText('Uploaded', { exact: true }), 'the file uploaded into the item', 20_000);
      await snap(page, 'roles-upload_only-item-update');
      await update.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expectHidden(update, 'the Update Item dialog after Close');
      await eventually(async () => assert.match(await row.locator('.cl-files').innerText(), /^1\/\d+$/), 20_000);

      // The item: its own file connected, the owner's board minutes not.
      await page.goto(`/deals/${dealId}/checklist/items/${itemId}`);
      await expectVisible(
        page.getByTestId('connected-file').filter({ hasText: 'Minutes 2024.pdf' }),
        'its file, connected',
        FIRST_LOAD_TIMEOUT,
      );
      assert.equal(await page.getByText('Board minutes.txt', { exact: true }).count(), 0, "the owner's file stays hidden");
    },
    { timeout: 480_000 }, // axe-core on each kind's five screens too
  );
});
