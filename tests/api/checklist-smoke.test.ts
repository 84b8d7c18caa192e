import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser } from './helpers.ts';

describe('checklist smoke', () => {
  it('builds a checklist, links, approves, and the admin manages presets', async () => {
    const u = await registerUser('cl');
    const deal = await createDeal(u, 'CL', 'blank');
    const cat = await call('POST', `/deals/${deal.id}/checklist/categories`, { token: u.token, body: { name: 'Corporate', code: 'A' } });
    expect(cat.status).toBe(201);
    const long = await call('POST', `/deals/${deal.id}/checklist/categories`, { token: u.token, body: { name: 'X', code: 'ABCD' } });
    expect(long.status).toBe(400);
    const item = await call('POST', `/deals/${deal.id}/checklist/items`, { token: u.token, body: { name: 'Charter', category_id: cat.body.id } });
    expect(item.status).toBe(201);
    expect(item.body.item_id).toBe('A.1');
    const neg = await call('PATCH', `/deals/${deal.id}/checklist/items/${item.body.id}`, { token: u.token, body: { anticipated_file_count: -1 } });
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
