/**
 * The deal checklist and the admin presets page, walked in Chromium against the real server: a deal from
 * the Default preset (65 items in 8 categories), adding catalog and custom items, uploading into an item,
 * approving and requesting changes, and the default-preset rules of /admin/presets.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  FIRST_LOAD_TIMEOUT,
  type TestServer,
  apiCall,
  eventually,
  expectHidden,
  expectPath,
  expectText,
  expectVisible,
  loginUser,
  openSignedIn,
  registerUser,
  uniqueEmail,
  useE2E,
  checkScreen,
  openCreateDealDialog,
} from './lib.ts';

interface ChecklistItem {
  id: string;
  name: string;
  item_id?: string | null;
}
interface ChecklistResponse {
  checklist: Record<string, ChecklistItem[]>;
}

/** Creates a deal from the Default preset through the API (the UI path is its own test). */
async function createDefaultDeal(server: TestServer, token: string, name: string): Promise<{ id: string }> {
  return apiCall(server, 'POST', '/deals', { name, description: '', checklist_preset: 'default' }, token);
}

/** The subtitle under 'Due Diligence Checklist': "<deal> · N items in M categories". */
async function expectChecklistSummary(page: Page, items: number, categories?: number): Promise<void> {
  const pattern =
    categories === undefined
      ? new RegExp(`\\b${items} items in \\d+ categor`)
      : new RegExp(`\\b${items} items in ${categories} categories`);
  await expectVisible(page.getByText(pattern), `the checklist summary "${pattern.source}"`);
}

async function openChecklist(page: Page, token: string, dealId: string): Promise<void> {
  await openSignedIn(page, token, `/deals/${dealId}/checklist`);
  await expectVisible(
    page.getByRole('heading', { level: 1, name: 'Due Diligence Checklist' }),
    'the checklist heading',
    FIRST_LOAD_TIMEOUT,
  );
}

async function firstItems(server: TestServer, token: string, dealId: string, count: number): Promise<ChecklistItem[]> {
  const data = await apiCall<ChecklistResponse>(server, 'GET', `/deals/${dealId}/checklist`, undefined, token);
  const items = Object.values(data.checklist ?? {}).flat();
  assert.ok(items.length >= count, `expected at least ${count} checklist items from the API, got ${items.length}`);
  return items.slice(0, count);
}

describe('Checklist', () => {
  const e2e = useE2E('checklist');

  e2e.test('a deal created from the Default preset shows 65 items in 8 categories', async ({ page, server }) => {
    const dialog = await openCreateDealDialog(page, server, 'checklist-owner');
    const preset = dialog.locator('select[name="checklist_preset"]');
    await eventually(async () => assert.equal(await preset.inputValue(), 'default', 'the Default preset is preselected'));
    const dealName = `Project Meridian ${Date.now().toString(36)}`;
    await dialog.locator('input[name="name"]').fill(dealName);
    await dialog.getByRole('button', { name: 'Create Deal' }).click();
    await expectHidden(dialog, 'the Create New Deal modal');

    const card = page.getByTestId('deal-card').filter({ hasText: dealName });
    await card.getByRole('link', { name: 'Open Dashboard' }).click();
    await expectPath(page, /^\/deals\/[0-9a-f-]{36}$/);
    await page.getByRole('navigation', { name: 'Deal sections' }).getByRole('link', { name: 'Checklist' }).click();
    await expectPath(page, /^\/deals\/[0-9a-f-]{36}\/checklist$/);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Due Diligence Checklist' }), 'the checklist heading');
    await expectChecklistSummary(page, 65, 8);

    const sections = page.getByTestId('checklist-section');
    await eventually(async () => assert.equal(await sections.count(), 8, 'one section per category'));
    // The section headers' "N items" add up to 65, and each section counts 0/N done.
    let sum = 0;
    for (const section of await sections.all()) {
      const count = (await section.getByTestId('section-count').innerText()).split('·')[0].trim();
      const match = /^0\/(\d+)$/.exec(count);
      assert.ok(match, `section "${await section.getAttribute('data-category')}" counts 0/N done, got "${count}"`);
      const n = Number(match[1]);
      assert.ok(n > 0, `section "${await section.getAttribute('data-category')}" has items`);
      await expectVisible(section.getByText(new RegExp(`(^|· )${n} items?$`)), `"${n} items" in the section header`);
      sum += n;
    }
    assert.equal(sum, 65, 'the sections hold 65 items in all');
    await expectVisible(page.getByTestId('overall-percent').getByText('0%'), 'overall progress 0%');
    await checkScreen(page, 'checklist-default-preset');
  });

  e2e.test('add a catalog item through the picker and a custom item through Add Item', async ({ page, server }) => {
    const account = await registerUser(server, uniqueEmail('checklist-adder'));
    const deal = await createDefaultDeal(server, account.token, 'Project Catalog');
    await openChecklist(page, account.token, deal.id);
    await expectChecklistSummary(page, 65, 8);

    // Catalog picker: pick an item that is not in the checklist yet.
    await page.getByRole('button', { name: 'Add from Catalog' }).click();
    const picker = page.getByRole('dialog', { name: 'Add from Catalog' });
    await expectVisible(picker, 'the Add from Catalog dialog');
    const addToChecklist = picker.getByRole('button', { name: 'Add to Checklist' });
    // Nothing selected: refused with a message.
    await addToChecklist.click();
    await expectVisible(picker.getByRole('alert'), 'the selection error');
    await expectVisible(picker.getByRole('listbox', { name: 'Catalog items' }).getByRole('option').first(), 'catalog options');
    // 'Environmental permits…' is in the catalog but not in the Default preset.
    await picker.getByRole('textbox', { name: 'Search catalog' }).fill('Environmental permits');
    await expectVisible(picker.getByTestId('catalog-range').getByText(/^Showing 1–\d+ of \d+$/), 'the search results');
    const option = picker.getByRole('option').filter({ hasText: 'Environmental permits' }).first();
    await expectVisible(option, 'the Environmental permits catalog item');
    assert.equal(await option.getByText('In checklist').count(), 0, 'the picked item is not in the checklist yet');
    await expectVisible(option, 'a catalog item not yet in the checklist');
    await option.click();
    await expectVisible(picker.getByTestId('catalog-selection').getByText(' · '), 'the selected item');
    const target = picker.getByRole('combobox', { name: 'Target category' });
    if (!(await target.inputValue())) await target.selectOption({ index: 1 });
    const title = `Catalog pick ${Date.now().toString(36)}`;
    await picker.getByRole('textbox', { name: 'Title override' }).fill(title);
    await addToChecklist.click();
    await expectHidden(picker, 'the Add from Catalog dialog');
    await expectText(page, 'Catalog item added');
    await expectChecklistSummary(page, 66);

    // Custom item: name and category required.
    await page.getByRole('button', { name: 'Add Item', exact: true }).first().click();
    const form = page.getByRole('form', { name: 'Add Item' });
    await expectVisible(form, 'the Add Item form');
    await form.getByRole('button', { name: 'Add Item' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Add Item' }), 'the dialog stays open without a name');
    const custom = `Custom request ${Date.now().toString(36)}`;
    await form.locator('input[name="name"]').fill(custom);
    await form.locator('select[name="category_id"]').selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Add Item' }).click();
    await expectHidden(form, 'the Add Item form');
    await expectText(page, 'Checklist item added');
    await expectChecklistSummary(page, 67);

    // Both are findable by search.
    await page.getByRole('textbox', { name: 'Search checklist' }).fill(custom);
    await expectVisible(page.getByTestId('checklist-item').filter({ hasText: custom }), 'the custom item row');
    await page.getByRole('textbox', { name: 'Search checklist' }).fill(title);
    await expectVisible(page.getByTestId('checklist-item').filter({ hasText: title }), 'the catalog item row');
    await expectVisible(page.getByTestId('match-count').getByText('1 of 67 items'), "'1 of 67 items'");
    await checkScreen(page, 'checklist-after-adds');
  });

  e2e.test('upload a file into an item: the actual file count goes from 0 to 1', async ({ page, server }) => {
    const account = await registerUser(server, uniqueEmail('checklist-uploader'));
    const deal = await createDefaultDeal(server, account.token, 'Project Upload');
    const [item] = await firstItems(server, account.token, deal.id, 1);
    await openSignedIn(page, account.token, `/deals/${deal.id}/checklist/items/${item.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: item.name }), 'the item heading', FIRST_LOAD_TIMEOUT);
    await expectVisible(page.getByTestId('actual-count').getByText('0', { exact: true }), 'actual count 0');
    await expectVisible(page.getByRole('heading', { name: 'Connected Files (0)' }), "'Connected Files (0)'");

    await page.locator('input[aria-label="Choose files to upload"]').setInputFiles({
      name: 'articles-of-incorporation.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% e2e test file\n%%EOF\n'),
    });
    await expectVisible(page.getByRole('heading', { name: 'Connected Files (1)' }), "'Connected Files (1)'", 20_000);
    await expectVisible(page.getByTestId('actual-count').getByText('1', { exact: true }), 'actual count 1');
    await expectVisible(
      page.getByTestId('connected-file').filter({ hasText: 'articles-of-incorporation.pdf' }),
      'the connected file',
    );
    await checkScreen(page, 'item-after-upload');

    // The checklist row shows the count too.
    await page.getByRole('link', { name: 'Back to Checklist' }).click();
    await expectPath(page, `/deals/${deal.id}/checklist`);
    await page.getByRole('textbox', { name: 'Search checklist' }).fill(item.name);
    const row = page.locator(`[data-testid="checklist-item"][data-item-id="${item.id}"]`);
    await expectVisible(row, 'the item row');
    await eventually(async () => assert.match(await row.locator('.cl-files').innerText(), /^1\/\d+$/));
  });

  e2e.test('approve one item, request changes on another, and read the Approval History', async ({ page, server }) => {
    const account = await registerUser(server, uniqueEmail('checklist-approver'));
    const deal = await createDefaultDeal(server, account.token, 'Project Approval');
    const [first, second] = await firstItems(server, account.token, deal.id, 2);

    await openSignedIn(page, account.token, `/deals/${deal.id}/checklist/items/${first.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: first.name }), 'the first item heading', FIRST_LOAD_TIMEOUT);
    const history = page.getByTestId('history-card');
    await expectVisible(history.getByText('No decisions yet.'), "'No decisions yet.'");
    await expectVisible(page.getByTestId('item-badges').getByText('Pending Review'), "'Pending Review' badge");
    await page.getByTestId('actions-card').getByRole('button', { name: 'Approve' }).click();
    await expectText(page, 'Item approved');
    await expectVisible(
      history.getByTestId('history-entry').getByText('Approved', { exact: true }),
      'an Approved entry in the history',
    );
    await expectVisible(page.getByTestId('item-badges').getByText('Approved', { exact: true }), "the 'Approved' badge");
    await expectVisible(page.getByText('This item has been approved.'), "'This item has been approved.'");
    assert.equal(
      await page.getByTestId('actions-card').getByRole('button', { name: 'Approve' }).count(),
      0,
      'no Approve once approved',
    );
    await checkScreen(page, 'item-approved');

    await page.goto(`/deals/${deal.id}/checklist/items/${second.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: second.name }), 'the second item heading');
    await page.getByTestId('actions-card').getByRole('button', { name: 'Request Changes' }).click();
    const modal = page.getByRole('dialog', { name: 'Request Changes' });
    await expectVisible(modal, 'the Request Changes dialog');
    const note = 'Please provide the signed version of this document.';
    await modal.getByRole('textbox').fill(note);
    await modal.getByRole('button', { name: 'Request Changes' }).click();
    await expectHidden(modal, 'the Request Changes dialog');
    await expectText(page, 'Changes requested');
    const entry = page.getByTestId('history-card').getByTestId('history-entry');
    await expectVisible(entry.getByText('Changes Requested', { exact: true }), 'a Changes Requested entry');
    await expectVisible(entry.getByText(note), 'the note in the history');
    await expectVisible(page.getByText('Changes were requested on this item.'), "'Changes were requested on this item.'");
    await checkScreen(page, 'item-changes-requested');

    // The checklist shows both decisions.
    await page.getByRole('link', { name: 'Back to Checklist' }).click();
    await expectPath(page, `/deals/${deal.id}/checklist`);
    await expectVisible(page.locator(`[data-item-id="${first.id}"] [data-approval="approved"]`), 'the approved row');
    await expectVisible(
      page.locator(`[data-item-id="${second.id}"] [data-approval="changes_requested"]`),
      'the changes-requested row',
    );
    await expectVisible(page.getByText('Approved', { exact: true }).first(), 'Approved in the stats');
  });

  e2e.test(
    'admin presets: create a preset, make it default, its delete is refused, Default restored',
    async ({ page, server }) => {
      const admin = await loginUser(server, ADMIN_EMAIL, ADMIN_PASSWORD);
      const presetName = `E2E Preset ${Date.now().toString(36)}`;
      const findPreset = async (name: string) => {
        const list = await apiCall<{ presets: { id: string; name: string; is_default: boolean }[] }>(
          server,
          'GET',
          `/admin/presets?search=${encodeURIComponent(name)}&page=1`,
          undefined,
          admin.token,
        );
        return list.presets.find((p) => p.name === name);
      };
      try {
        await openSignedIn(page, admin.token, '/admin/presets');
        await expectVisible(
          page.getByRole('heading', { name: 'Checklist Presets' }),
          'the Checklist Presets heading',
          FIRST_LOAD_TIMEOUT,
        );
        const defaultRow = page.getByTestId('preset-row').filter({ has: page.getByText('Default', { exact: true }) });
        await expectVisible(defaultRow.getByRole('button', { name: /^Show the 65 items in Default$/ }), "Default's '65 items'");
        await expectVisible(defaultRow.getByRole('img', { name: 'Default preset' }), 'the default star on Default');

        await page.getByRole('button', { name: 'Create Preset' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Create Preset' });
        await expectVisible(dialog, 'the Create Preset dialog');
        await dialog.locator('input[name="name"]').fill(presetName);
        await dialog.locator('textarea[name="description"]').fill('A short preset made by the E2E suite');
        const group = dialog.getByTestId('picker-group').first();
        await expectVisible(group, 'the catalog item picker');
        await group.locator('label').nth(1).click();
        await dialog.getByText('Set as default preset').click();
        await dialog.getByRole('button', { name: 'Create Preset' }).click();
        await expectHidden(dialog, 'the Create Preset dialog');
        await expectText(page, 'Preset created');

        const row = page.getByTestId('preset-row').filter({ hasText: presetName });
        await expectVisible(row, 'the new preset row');
        await expectVisible(row.getByRole('img', { name: 'Default preset' }), 'the default star on the new preset');
        await expectVisible(row.getByRole('button', { name: /^Show the 1 items? in / }), "the new preset's '1 item'");
        await expectHidden(defaultRow.getByRole('img', { name: 'Default preset' }), 'the star leaves Default');
        // Deleting the default is refused: the button is disabled and says why.
        const del = row.getByRole('button', { name: `Delete ${presetName}` });
        await expectVisible(del, 'the Delete button of the new preset');
        assert.equal(await del.isDisabled(), true, 'Delete is disabled on the default preset');
        assert.equal(await del.getAttribute('title'), 'Cannot delete the default preset');
        assert.equal(
          await row.getByRole('button', { name: `Set ${presetName} as default` }).count(),
          0,
          'no Set as default on the default',
        );
        // The server refuses it as well.
        const created = await findPreset(presetName);
        assert.ok(created?.is_default, 'the new preset is the default');
        await assert.rejects(
          apiCall(server, 'DELETE', `/admin/presets/${created.id}`, undefined, admin.token),
          /Cannot delete the default preset/,
        );
        await checkScreen(page, 'presets-new-default');

        // Put Default back.
        await defaultRow.getByRole('button', { name: 'Set Default as default' }).click();
        await expectText(page, 'Default set as default');
        await expectVisible(defaultRow.getByRole('img', { name: 'Default preset' }), 'the default star back on Default');
        await expectHidden(row.getByRole('img', { name: 'Default preset' }), 'the star leaves the new preset');
        await eventually(async () =>
          assert.equal(
            await row.getByRole('button', { name: `Delete ${presetName}` }).isDisabled(),
            false,
            'Delete enabled again',
          ),
        );
        assert.equal((await findPreset('Default'))?.is_default, true, 'Default is the default again');
      } finally {
        // Whatever failed above, leave Default as the default.
        const fallback = await findPreset('Default').catch(() => undefined);
        if (fallback && !fallback.is_default) {
          await apiCall(server, 'POST', `/admin/presets/${fallback.id}/set-default`, undefined, admin.token).catch(() => {});
        }
      }
    },
  );
});
