// Names that cannot lie: control characters and bidirectional overrides are refused with a 400 that
// says which name, wherever a name is shown to another person; names are stored in NFC.
import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import { room } from './dataroom-lib.ts';

const RLO = '\u202e';

describe('names and texts shown to others', () => {
  it('refuses a deal name with a right-to-left override, and a description with a control character', async () => {
    const owner = await registerUser('clean-deal');
    expectError(
      await call('POST', '/deals', { token: owner.token, body: { name: `Atlas${RLO}` } }),
      400,
      'The deal name cannot contain control characters or bidirectional text overrides.',
    );
    expectError(
      await call('POST', '/deals', { token: owner.token, body: { name: 'Atlas', description: 'bell \u0007' } }),
      400,
      /deal description cannot contain control characters/,
    );
    const { body: deals } = await call('GET', '/deals', { token: owner.token });
    expect(JSON.stringify(deals)).not.toContain('Atlas');
  });

  it('stores a decomposed deal name in NFC', async () => {
    const owner = await registerUser('clean-nfc');
    const deal = await createDeal(owner, 'Cafe\u0301 Holdings', 'blank');
    const { body } = await call('GET', `/deals/${deal.id}`, { token: owner.token });
    expect(body.name).toBe('Caf\u00e9 Holdings');
  });

  it('refuses evil\\u202egnp.exe as a file name before anything is stored', async () => {
    const r = await room('clean-file');
    const res = await call('POST', `${r.base}/files/upload-url`, {
      token: r.owner.token,
      body: { filename: `evil${RLO}gnp.exe`, content_type: 'application/octet-stream', path: '/' },
    });
    expectError(res, 400, /file name/);
    const [{ n }] = await sql`select count(*)::int as n from public.files where deal_id = ${r.deal.id}`;
    expect(n).toBe(0);
  });

  it('refuses a folder name with a bidirectional isolate', async () => {
    const r = await room('clean-folder');
    expectError(
      await call('POST', `${r.base}/folders`, { token: r.owner.token, body: { name: 'Reports\u2066', path: '/' } }),
      400,
      /folder name/,
    );
  });
});
