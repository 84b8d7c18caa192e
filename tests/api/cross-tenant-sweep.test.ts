/**
 * A sweep of every route the API serves, as someone from another tenant: a person with a deal of their
 * own who is no member of the victim's deal. Each route is called with the victim's real ids in its path
 * (and, in a second pass, the sweeper's own deal in the path with the victim's ids in the path and body,
 * the classic confused-deputy shape). None may answer 2xx or 5xx, no answer may carry anything of the
 * victim's deal, and afterwards nothing in that deal has changed. The routes come from the app itself,
 * so a route added later is swept without anyone listing it here.
 */
import { describe, expect, it } from 'vitest';
import { DEAL_NOT_FOUND } from '../../supabase/functions/_shared/errors.ts';
import { call, createDeal, registerUser, type TestUser } from './helpers.ts';
import { bodyFor, fill, routesOfApp, SELF_OR_PUBLIC, stateOf, tenant } from './sweep-lib.ts';

const victimDeal = () => tenant('sweep', 'Atlas');

/** No secret in the answer, but for an id the caller sent itself (an answer may key its result by it). */
function expectNoLeak(what: string, body: unknown, secrets: string[], sent: string) {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  for (const secret of secrets) {
    if (sent.includes(secret)) continue;
    expect(text.includes(secret), `${what} answered something of the victim's deal (${secret}): ${text.slice(0, 300)}`).toBe(
      false,
    );
  }
}

describe('every route, called from another tenant', () => {
  it('refuses the victim deal by its ids, leaks nothing of it and changes nothing', async () => {
    const { r, ids, secrets } = await victimDeal();
    const sweeper: TestUser = await registerUser('sweeper');
    await createDeal(sweeper, 'Sweeper deal', 'blank');
    const before = await stateOf(r.deal.id);
    const routes = routesOfApp();
    expect(routes.length).toBeGreaterThan(100);

    let swept = 0;
    for (const { method, path } of routes) {
      if (SELF_OR_PUBLIC.has(`${method} ${path}`)) continue;
      const url = fill(path, ids);
      const body = bodyFor(method, url, ids);
      const res = await call(method, url, { token: sweeper.token, body });
      const what = `${method} ${path}`;
      expect(res.status, `${what} answered ${res.status}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${what} answered ${res.status}`).toBeLessThan(500);
      if (/:dealId/.test(path)) {
        expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(404);
        expect(res.body.detail, what).toBe(DEAL_NOT_FOUND);
      }
      expectNoLeak(what, res.body, secrets, url + JSON.stringify(body ?? ''));
      swept++;
    }
    expect(swept).toBeGreaterThan(100);

    // What the sweeper may call about itself answers nothing of the victim either.
    for (const path of [
      '/deals',
      '/deals/requiring-verification',
      '/invitations/my-invitations',
      '/auth/sessions',
      '/user/profile',
    ]) {
      const res = await call('GET', path, { token: sweeper.token });
      expect(res.status, path).toBe(200);
      expectNoLeak(`GET ${path}`, res.body, secrets, '');
    }

    expect(await stateOf(r.deal.id)).toEqual(before);
    // The owner's session, which the sweep tried to end, still works.
    expect((await call('GET', '/user/profile', { token: r.owner.token })).status).toBe(200);
  });

  it("refuses the victim's ids through the sweeper's own deal, in the path and in the body", async () => {
    const { r, ids, secrets } = await victimDeal();
    const sweeper: TestUser = await registerUser('sweeper-own');
    const own = await createDeal(sweeper, 'Sweeper own deal', 'blank');
    const before = await stateOf(r.deal.id);
    const mixed = { ...ids, dealId: own.id };

    let swept = 0;
    for (const { method, path } of routesOfApp()) {
      if (!path.startsWith('/deals/:dealId')) continue;
      const url = fill(path, mixed);
      const body = bodyFor(method, url, mixed);
      const namesVictim = /:(fileId|folderId|itemId|categoryId|invitationId|userId|setId)/.test(path);
      const bodyNamesVictim = body !== undefined && /[0-9a-f-]{36}/.test(JSON.stringify(body));
      if (!namesVictim && !bodyNamesVictim) continue;
      const res = await call(method, url, { token: sweeper.token, body });
      const what = `${method} ${path} (own deal)`;
      expect(res.status, `${what} answered ${res.status}`).toBeLessThan(500);
      if (res.status < 300) {
        // Only a route that names nothing of the victim in its path may succeed, and then act on nothing of it.
        expect(namesVictim, `${what} answered ${res.status}: ${JSON.stringify(res.body)}`).toBe(false);
        if (res.body && typeof res.body === 'object' && 'success_count' in res.body) expect(res.body.success_count, what).toBe(0);
      }
      expectNoLeak(what, res.body, secrets, url + JSON.stringify(body ?? ''));
      swept++;
    }
    expect(swept).toBeGreaterThan(40);
    expect(await stateOf(r.deal.id)).toEqual(before);
  });

  it("refuses the victim's ids in the body of a call about the sweeper's own things, and links nothing to them", async () => {
    const victim = await victimDeal();
    const own = await tenant('sweeper-full', 'Borealis');
    const victimBefore = await stateOf(victim.r.deal.id);
    const token = own.r.owner.token;

    let swept = 0;
    for (const { method, path } of routesOfApp()) {
      if (!path.startsWith('/deals/:dealId') && !path.startsWith('/checklist-catalog/add-to-deal')) continue;
      const url = fill(path, own.ids);
      const body = bodyFor(method, url, { ...victim.ids, dealId: own.ids.dealId });
      if (body === undefined || !victim.secrets.some((secret) => JSON.stringify(body).includes(secret))) continue;
      const res = await call(method, url, { token, body });
      const what = `${method} ${path} (own things, the victim's ids in the body)`;
      expect(res.status, `${what} answered ${res.status}`).toBeLessThan(500);
      if (res.body && typeof res.body === 'object' && 'success_count' in res.body) expect(res.body.success_count, what).toBe(0);
      expectNoLeak(what, res.body, victim.secrets, url + JSON.stringify(body));
      swept++;
    }
    expect(swept).toBeGreaterThan(10);
    expect(await stateOf(victim.r.deal.id)).toEqual(victimBefore);
    // Nothing of the sweeper's deal now points at the victim's things.
    const ownState = JSON.stringify(await stateOf(own.r.deal.id));
    for (const id of victim.secrets) expect(ownState.includes(id), `the sweeper's deal refers to ${id}`).toBe(false);
  });
});
