import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser } from './helpers.ts';

describe('smoke', () => {
  it('registers, creates and lists a deal', async () => {
    const u = await registerUser();
    const d = await createDeal(u, 'Smoke');
    expect(d.user_role).toBe('admin');
    const list = await call('GET', '/deals?view=active', { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body.map((x: any) => x.id)).toContain(d.id);
    expect(list.body[0].recent_activity[0].activity_type).toBe('deal_create');
    const login = await call('POST', '/auth/login', { body: { email: u.email, password: 'secret123' } });
    expect(login.status).toBe(200);
    const bad = await call('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'x' } });
    expect(bad.status).toBe(401);
    const arch = await call('PUT', `/deals/${d.id}/archive`, { token: u.token });
    expect(arch.status).toBe(200);
    const stats = await call('GET', `/deals/${d.id}/dashboard/stats`, { token: u.token });
    expect(stats.status).toBe(200);
  });
});
