import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  catalogPage,
  checklistAnswer,
  checklistCategory,
  checklistCategoryRow,
  checklistItem,
  checklistItemDetail,
  filesByItems,
  presetPage,
} from '../../supabase/functions/_shared/contracts/checklist.ts';
import { deleted } from '../../supabase/functions/_shared/contracts/common.ts';
import { call } from './helpers.ts';
import { expectAnswer } from './expect.ts';
import { room, twoStep } from './dataroom-lib.ts';

// Every answer of the checklist's reads and changes parsed with its contract (strict: a field missing,
// added or of another type fails).
describe('checklist answers match their contracts', () => {
  it('the checklist, categories, items, decisions, links and the catalog', async () => {
    const r = await room('cc');
    const t = { token: r.owner.token };
    const b = `${r.base}/checklist`;

    const cat = expectAnswer(
      await call('POST', `${b}/categories`, { ...t, body: { name: 'Zed', code: 'Z' } }),
      201,
      checklistCategory,
    );
    expectAnswer(
      await call('PUT', `${b}/categories/${cat.id}`, { ...t, body: { name: 'Zed 2', code: 'Z' } }),
      200,
      checklistCategoryRow.strict(),
    );
    expectAnswer(await call('GET', `${b}/categories`, t), 200, z.array(checklistCategory));
    const item = expectAnswer(
      await call('POST', `${b}/items`, { ...t, body: { name: 'Item', category_id: cat.id } }),
      201,
      checklistItem,
    );
    expectAnswer(await call('PATCH', `${b}/items/${item.id}`, { ...t, body: { name: 'Item 2' } }), 200, checklistItem);

    const { fileId } = await twoStep(r, r.owner, { filename: 'a.pdf' });
    const linked = expectAnswer(
      await call('PUT', `${b}/${item.id}`, { ...t, body: { status: 'provided', files: [fileId] } }),
      200,
      checklistItem,
    );
    expect(linked.connected_files.map((f) => f.file_id)).toEqual([fileId]);
    expectAnswer(await call('POST', `${b}/items/${item.id}/approve`, t), 200, checklistItem);
    const detail = expectAnswer(await call('GET', `${b}/items/${item.id}`, t), 200, checklistItemDetail);
    expect(detail.approval_history).toHaveLength(1);
    expectAnswer(await call('POST', `${b}/files-by-items`, { ...t, body: { item_ids: [item.id] } }), 200, filesByItems);
    expectAnswer(await call('GET', `${b}/items`, t), 200, z.array(checklistItem));
    const whole = expectAnswer(await call('GET', b, t), 200, checklistAnswer);
    expect(whole.checklist['Zed 2']).toHaveLength(1);

    const catalog = expectAnswer(await call('GET', '/checklist-catalog?page_size=3', t), 200, catalogPage);
    expectAnswer(await call('GET', '/checklist-catalog/presets', t), 200, presetPage);
    expectAnswer(
      await call('POST', `/checklist-catalog/add-to-deal/${r.deal.id}`, {
        ...t,
        body: { catalog_item_id: catalog.items[0].id, category_id: cat.id },
      }),
      201,
      checklistItem,
    );
    expectAnswer(await call('DELETE', `${b}/items/${item.id}`, t), 200, deleted);
    expectAnswer(await call('DELETE', `${b}/categories/${cat.id}`, t), 200, deleted);
  });

  it('a file sent back by the review queue shows its fourth status in the item', async () => {
    const r = await room('cc4');
    const t = { token: r.owner.token };
    const cat = (await call('POST', `${r.base}/checklist/categories`, { ...t, body: { name: 'Cat' } })).body;
    const item = (await call('POST', `${r.base}/checklist/items`, { ...t, body: { name: 'It', category_id: cat.id } })).body;
    const { fileId } = await twoStep(r, r.owner, { filename: 'b.pdf', checklist_items: [item.id] });
    const sent = await call('POST', `${r.base}/review-queue/bulk-request-changes`, { ...t, body: { item_ids: [fileId] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const got = expectAnswer(await call('GET', `${r.base}/checklist/items/${item.id}`, t), 200, checklistItemDetail);
    expect(got.connected_files[0].approval_status).toBe('changes_requested');
  });

  it('a strict contract refuses an answer with a field it does not name', () => {
    const row = { id: 'c', name: 'n', code: null, position: 1, completed: 0, total: 0 };
    expect(checklistCategory.safeParse(row).success).toBe(true);
    expect(checklistCategory.safeParse({ ...row, extra: 1 }).success).toBe(false);
    expect(checklistCategory.safeParse({ ...row, total: undefined }).success).toBe(false);
  });
});
