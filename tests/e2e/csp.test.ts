/**
 * The web app under its Content-Security-Policy: every screen, signed in as the super admin who owns
 * the demo deal, loads with the policy in force and reports no violation (no inline script, no eval,
 * no foreign origin); the development outbox carries the same headers. Each screen also passes axe-core's
 * WCAG 2.1 A and AA rules, run the way the policy allows (decision 38).
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  FIRST_LOAD_TIMEOUT,
  apiCall,
  expectAccessible,
  loginUser,
  openSignedIn,
  useE2E,
} from './lib.ts';

describe('Content-Security-Policy', () => {
  const e2e = useE2E('csp');

  e2e.test(
    'every screen loads under the policy without a violation',
    async ({ page, server }) => {
      const head = await fetch(`${server.url}/`);
      const policy = head.headers.get('content-security-policy') ?? '';
      assert.match(policy, /default-src 'self'/);
      assert.match(policy, /script-src 'self'(;|$)/, 'no inline or eval script allowed');
      assert.match(policy, /frame-ancestors 'none'/);
      assert.match(policy, /object-src 'none'/);
      assert.ok(head.headers.get('permissions-policy'));
      const outbox = await fetch(`${server.url}/dev/mail`);
      assert.equal(outbox.headers.get('content-security-policy'), policy);

      const violations: string[] = [];
      await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
            `${e.violatedDirective} ${e.blockedURI} on ${location.pathname}`,
          );
        });
      });
      page.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
      });

      const admin = await loginUser(server, ADMIN_EMAIL, ADMIN_PASSWORD);
      const deals = await apiCall<{ id: string; name: string }[]>(server, 'GET', '/deals', undefined, admin.token);
      const deal = deals.find((d) => d.name === 'Project Atlas') ?? deals[0];
      assert.ok(deal, 'the demo deal');
      const paths = [
        '/',
        '/settings',
        `/deals/${deal.id}`,
        `/deals/${deal.id}/files`,
        `/deals/${deal.id}/checklist`,
        `/deals/${deal.id}/review`,
        `/deals/${deal.id}/activity`,
        `/deals/${deal.id}/users`,
        `/deals/${deal.id}/permissions`,
        '/admin',
        '/admin/super-admins',
        '/admin/users',
        '/admin/catalog',
        '/admin/presets',
        '/admin/permission-sets',
        '/admin/audit',
        '/no-such-page',
      ];
      await openSignedIn(page, admin.token, paths[0]);
      for (const path of paths) {
        await page.goto(path);
        // Not 'networkidle': a deal's page keeps its live-events stream open.
        await page.waitForLoadState('load', { timeout: FIRST_LOAD_TIMEOUT });
        await page.waitForFunction(() => document.body.innerText.trim().length > 0, undefined, { timeout: FIRST_LOAD_TIMEOUT });
        await page.waitForTimeout(400); // what the page fetches once shown (and any violation it reports)
        assert.ok(await page.locator('body').innerText(), `${path} shows something`);
        await expectAccessible(page, path);
      }
      // The development outbox is a page of its own, under the same policy.
      await page.goto('/dev/mail');
      await expectAccessible(page, '/dev/mail');
      assert.deepEqual(violations, []);
    },
    { timeout: 240_000 }, // axe-core on 18 screens
  );
});
