/**
 * 'Generate with AI' (POST .../metadata/ai-generate): every empty field it has a value for is filled
 * (the formatted title from the file name, the custom category from the linked checklist item or else
 * the AI suggestion, people by a first-name-plus-surname reading of the text), what a person filled is
 * never overwritten, what an external provider leaves empty the built-in reading fills, and the answer
 * names what it filled and what it could not find.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { drainAiJobs } from '../../supabase/functions/_shared/ai/worker.ts';
import { builtinAi, openAiProvider } from '../../supabase/functions/_shared/ai/providers.ts';
import { appWith, call, sql, storage, type TestUser } from './helpers.ts';
import { useStandIn } from './local-server.ts';
import { member, room, text, twoStep, uploadText, type Room } from './dataroom-lib.ts';

const MINUTES =
  'Minutes of the meeting of the board of directors. Present were Maria Lopez and Thomas Becker, who discussed ' +
  'the plan for the new office and the budget for the year with the team. The Balance Sheet was noted.';

async function analyse(r: Room) {
  await drainAiJobs({
    sql,
    blobs: storage.store,
    ai: builtinAi,
    workerId: `gen-${Math.random().toString(36).slice(2, 8)}`,
    dealId: r.deal.id,
    log: { info() {}, warn() {}, error() {} },
  });
}

async function category(r: Room, name: string, items: string[]) {
  const cat = await call('POST', `${r.base}/checklist/categories`, { token: r.owner.token, body: { name } });
  expect(cat.status).toBe(201);
  const ids: string[] = [];
  for (const item of items) {
    const res = await call('POST', `${r.base}/checklist/items`, {
      token: r.owner.token,
      body: { name: item, category_id: cat.body.id },
    });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  return ids;
}

const generate = (r: Room, fileId: string, user: TestUser = r.owner) =>
  call('POST', `${r.base}/files/${fileId}/metadata/ai-generate`, { token: user.token });

describe('Generate with AI', () => {
  let r: Room;
  let corporateItem: string;

  beforeAll(async () => {
    r = await room('ai-gen');
    [corporateItem] = await category(r, 'Corporate', ['Shareholder resolutions']);
    await category(r, 'Governance', ['Board minutes']);
  });

  it('fills the formatted title, the linked item category and the people, keeps what a person wrote, and names what it could not find', async () => {
    const up = await twoStep(r, r.owner, {
      filename: 'board_minutes-march.txt',
      content_type: 'text/plain',
      bytes: text(MINUTES),
      checklist_items: [corporateItem],
    });
    await analyse(r);
    const put = await call('PUT', `${r.base}/files/${up.fileId}/metadata`, {
      token: r.owner.token,
      body: { quick_summary: 'Written by a person' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const res = await generate(r, up.fileId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata).toMatchObject({
      formatted_title: 'Board Minutes March',
      custom_file_category: 'Corporate',
      quick_summary: 'Written by a person',
      date_range_start: null,
      named_organizations: [],
    });
    expect(res.body.metadata.people_mentioned).toEqual(['Maria Lopez', 'Thomas Becker']);
    expect(res.body.filled).toEqual([
      'Formatted title',
      'Custom category',
      'Document type',
      'Confidentiality',
      'People',
      'Languages',
    ]);
    expect(res.body.not_found).toEqual(['Date range', 'Organizations']);
    expect(res.body.message).toBe(
      'Filled: Formatted title, Custom category, Document type, Confidentiality, People, Languages. Could not find: Date range, Organizations.',
    );
    expect(res.body.filled_fields).not.toContain('quick_summary');

    // Stored, and read back by the file page.
    const page = await call('GET', `${r.base}/files/${up.fileId}/metadata`, { token: r.owner.token });
    expect(page.body.metadata).toMatchObject({
      formatted_title: 'Board Minutes March',
      custom_file_category: 'Corporate',
      people_mentioned: ['Maria Lopez', 'Thomas Becker'],
    });
    const [{ ai_generated_at: firstRun }] =
      await sql`select ai_generated_at from public.file_metadata where file_id = ${up.fileId}`;

    // Asked again: nothing new to find, it says what is still missing and writes nothing.
    const again = await generate(r, up.fileId);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ filled: [], filled_fields: [], not_found: ['Date range', 'Organizations'] });
    expect(again.body.message).toBe('Could not find: Date range, Organizations.');
    const [{ ai_generated_at: secondRun }] =
      await sql`select ai_generated_at from public.file_metadata where file_id = ${up.fileId}`;
    expect(secondRun).toEqual(firstRun);
  });

  it("takes the AI suggestion's category when no checklist item is linked, and never overwrites a person's title", async () => {
    const up = await uploadText(r, r.owner, 'Board minutes April.txt', MINUTES);
    await analyse(r);
    const [analysis] =
      await sql`select recommended_category from public.file_ai_analyses where file_id = ${up.fileId} and status = 'review'`;
    expect(analysis.recommended_category).toBe('Governance');
    await call('PUT', `${r.base}/files/${up.fileId}/metadata`, {
      token: r.owner.token,
      body: { formatted_title: 'April board meeting', people_mentioned: ['Someone Else'] },
    });
    const res = await generate(r, up.fileId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata).toMatchObject({
      formatted_title: 'April board meeting',
      custom_file_category: 'Governance',
      people_mentioned: ['Someone Else'],
    });
    expect(res.body.filled).toContain('Custom category');
    expect(res.body.filled).not.toContain('Formatted title');
    expect(res.body.filled).not.toContain('People');
  });

  it('keeps a date range a person started the right way round', async () => {
    const up = await uploadText(
      r,
      r.owner,
      'Share purchase agreement.txt',
      'This agreement is made on 3 March 2024 between the parties. Completion is due on 30 June 2024.',
    );
    await analyse(r);
    await call('PUT', `${r.base}/files/${up.fileId}/metadata`, {
      token: r.owner.token,
      body: { date_range_end: '2023-12-31' },
    });
    const res = await generate(r, up.fileId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata).toMatchObject({ date_range_start: null, date_range_end: '2023-12-31' });
    expect(res.body.not_found).toContain('Date range');
  });

  it('with nothing empty it says so; a viewer may not generate', async () => {
    const up = await uploadText(r, r.owner, 'Full.txt', MINUTES);
    await analyse(r);
    const full = {
      formatted_title: 'Full',
      custom_file_category: 'Mine',
      document_type: 'Report',
      quick_summary: 'Mine',
      confidentiality_level: 'internal',
      date_range_start: '2024-01-01',
      date_range_end: '2024-12-31',
      people_mentioned: ['A Person'],
      named_organizations: ['Acme Ltd'],
      languages_used: ['English'],
    };
    const put = await call('PUT', `${r.base}/files/${up.fileId}/metadata`, { token: r.owner.token, body: full });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const res = await generate(r, up.fileId);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('No empty fields to update with AI metadata');
    const viewer = await member(r, 'viewer', 'ai-gen-viewer');
    expect((await generate(r, up.fileId, viewer)).status).toBe(403);
  });
});

describe('Generate with AI through an external provider', () => {
  // An OpenAI-compatible endpoint that reads the document but names no people and no languages.
  const provider = useStandIn((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 1,
          model: 'test-model',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: {
                role: 'assistant',
                content: JSON.stringify({
                  document_type: 'Report',
                  date_range_start: null,
                  date_range_end: null,
                  people_mentioned: [],
                  named_organizations: [],
                  languages_used: [],
                  quick_summary: 'Board minutes, as the provider read them.',
                  confidentiality_level: 'confidential',
                }),
              },
            },
          ],
        }),
      );
    });
  });

  it("fills what the provider left empty with the built-in reading, and keeps the provider's answers", async () => {
    const r = await room('ai-gen-openai');
    const up = await uploadText(r, r.owner, 'minutes.txt', MINUTES);
    await analyse(r);
    const api = appWith({
      ai: openAiProvider({ apiKey: 'sk-test', baseURL: `${provider.origin}/v1`, model: 'test-model', timeoutMs: 5000 }),
    });
    const res = await api.request(`${r.base}/files/${up.fileId}/metadata/ai-generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${r.owner.token}` },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.metadata).toMatchObject({
      quick_summary: 'Board minutes, as the provider read them.',
      confidentiality_level: 'confidential',
      people_mentioned: ['Maria Lopez', 'Thomas Becker'],
      languages_used: ['English'],
    });
    expect(body.not_found).toEqual(['Custom category', 'Date range', 'Organizations']);
  });
});
