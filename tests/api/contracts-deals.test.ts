import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dashboardStats, deal, dealNeedingMfa, dealSummary } from '../../supabase/functions/_shared/contracts/deals.ts';
import { call, registerUser } from './helpers.ts';
import { expectAnswer } from './expect.ts';
import { twoStep } from './dataroom-lib.ts';

// Every answer of the deals' reads and changes parsed with its contract (strict: a field missing,
// added or of another type fails).
describe('deal answers match their contracts', () => {
  it('create, read, edit, list, dashboard, archive', async () => {
    const owner = await registerUser('cd');
    const t = { token: owner.token };
    const created = expectAnswer(
      await call('POST', '/deals', { ...t, body: { name: 'Contract deal', description: 'd', checklist_preset: 'default' } }),
      201,
      deal,
    );
    const b = `/deals/${created.id}`;
    await twoStep({ owner, deal: created, base: b }, owner, { filename: 'a.pdf', tags: ['t'] });
    expectAnswer(await call('GET', b, t), 200, deal);
    expectAnswer(await call('PUT', b, { ...t, body: { name: 'Contract deal 2', require_mfa: false } }), 200, deal);
    const cards = expectAnswer(await call('GET', '/deals', t), 200, z.array(dealSummary));
    expect(cards[0].recent_files).toHaveLength(1);
    const stats = expectAnswer(await call('GET', `${b}/dashboard/stats`, t), 200, dashboardStats);
    expect(stats.recent_files).toHaveLength(1);
    expectAnswer(await call('GET', '/deals/requiring-verification', t), 200, z.array(dealNeedingMfa));
    const archived = expectAnswer(await call('PUT', `${b}/archive`, t), 200, deal);
    expect(archived.archived_at).not.toBeNull();
    expectAnswer(await call('GET', '/deals?view=archived', t), 200, z.array(dealSummary));
  });
});
