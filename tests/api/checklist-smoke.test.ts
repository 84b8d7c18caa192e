import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser } from './helpers.ts';

describe('checklist smoke', () => {
  it('builds a checklist, links, approves, and the admin manages presets', async () => {
    const u = await registerUser('cl');
    const deal = await createDeal(u, 'CL', 'blank');
    const cat = await call('POST', `/deals/${deal.id}/checklist/categories`, {
      token: u.token,
      body: { name: 'Corporate', code: 'A' },
    });
    expect(cat.status).toBe(201);
    const long = await call('POST', `/deals/${deal.id}/checklist/categories`, {
      token: u.token,
      body: { name: 'X', code: 'ABCD' },
    });
    expect(long.status).toBe(400);
    const item = await call('POST', `/deals/${deal.id}/checklist/items`, {
      token: u.token,
      body: { name: 'Charter', category_id: cat.body.id },
    });
    expect(item.status).toBe(201);
    expect(item.body.item_id).toBe('A.1');
    const neg = await call('PATCH', `/deals/${deal.id}/checklist/items/${item.body.id}`, {
      token: u.token,
      body: { anticipated_file_count: -1 },
    });
    expect(neg.status).toBe(400);
    const list = await call('GET', `/deals/${deal.id}/checklist`, { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body.checklist.Corporate[0].name).toBe('Charter');
    const ok = await call('POST', `/deals/${deal.id}/checklist/items/${item.body.id}/approve`, { token: u.token });
    expect(ok.status).toBe(200);
    expect(ok.body.approval.status).toBe('approved');
    const again = await call('POST', `/deals/${deal.id}/checklist/items/${item.body.id}/request-changes`, { token: u.token });
    expect(again.status).toBe(409);
    const detail = await call('GET', `/deals/${deal.id}/checklist/items/${item.body.id}`, { token: u.token });
    expect(detail.body.approval_history).toHaveLength(1);
    const adminLogin = await call('POST', '/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } });
    const admin = adminLogin.body.access_token;
    const presets = await call('GET', '/admin/presets', { token: admin });
    expect(presets.status).toBe(200);
    const def = presets.body.presets.find((p: any) => p.is_default);
    const del = await call('DELETE', `/admin/presets/${def.id}`, { token: admin });
    expect(del.status).toBe(400);
    expect(del.body.detail).toBe('Cannot delete the default preset');
    const forbidden = await call('GET', '/admin/presets', { token: u.token });
    expect(forbidden.status).toBe(403);
  });
});

describe('resubmission', () => {
  it('an item sent back with changes requested is pending again once a new file is linked', async () => {
    const u = await registerUser('resub');
    const deal = await createDeal(u, 'Resubmit', 'blank');
    const cat = await call('POST', `/deals/${deal.id}/checklist/categories`, {
      token: u.token,
      body: { name: 'Tax', code: 'C' },
    });
    const item = await call('POST', `/deals/${deal.id}/checklist/items`, {
      token: u.token,
      body: { name: 'Returns', category_id: cat.body.id },
    });
    const sent = await call('POST', `/deals/${deal.id}/checklist/items/${item.body.id}/request-changes`, {
      token: u.token,
      body: { note: 'Missing 2023' },
    });
    expect(sent.body.approval.status).toBe('changes_requested');
    const { app } = await import('./helpers.ts');
    const form = new FormData();
    form.append('path', '/');
    form.append('checklist_items', JSON.stringify([item.body.id]));
    form.append('file', new Blob(['2023 return']), 'return-2023.pdf');
    const up = await app.request(`/deals/${deal.id}/files/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(up.status).toBe(201);
    const after = await call('GET', `/deals/${deal.id}/checklist/items/${item.body.id}`, { token: u.token });
    expect(after.body.approval_status).toBe('pending');
    expect(after.body.metadata.actual_file_count).toBe(1);
  });
});
