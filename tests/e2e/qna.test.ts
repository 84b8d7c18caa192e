/**
 * Q&A in Chromium against the real server (docs/decisions.md decision 49): a bidder asks about a file from
 * its Questions card, the sell side drafts an answer the bidder does not see, an approver releases it and
 * the bidder reads it; another bidder group never sees the question. The list and the card on a phone.
 */
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  FIRST_LOAD_TIMEOUT,
  apiCall,
  newContext,
  expectAccessible,
  expectText,
  expectVisible,
  openSignedIn,
  registerUser,
  snap,
  uniqueEmail,
  useE2E,
  type TestServer,
  uploadApi,
  joinDeal,
  checkScreen,
  ownerWithDeal,
} from './lib.ts';

interface Room {
  dealId: string;
  fileId: string;
  tokens: Record<'owner' | 'seller' | 'approver' | 'buyerA' | 'buyerB', string>;
}

async function room(server: TestServer): Promise<Room> {
  const { owner, deal } = await ownerWithDeal(server, 'qna-owner', 'Project Q&A');
  const base = `/deals/${deal.id}`;
  const set = async (name: string, capabilities: string[]) =>
    (await apiCall<{ id: string }>(server, 'POST', `${base}/permissions/sets`, { name, capabilities }, owner.token)).id;
  const sellers = await set('Sellers', ['view', 'download', 'answer_questions']);
  const approvers = await set('Approvers', ['view', 'download', 'answer_questions', 'approve_answers']);
  const bidders = await set('Bidders', ['view', 'download', 'ask_questions']);
  const group = async (name: string) =>
    (
      await apiCall<{ id: string }>(
        server,
        'POST',
        `${base}/permissions/groups`,
        { name, permission_set_id: bidders },
        owner.token,
      )
    ).id;
  const groupA = await group('Bidder A');
  const groupB = await group('Bidder B');
  const join = async (label: string, permission_set_id: string, group_ids: string[] = []) => {
    const member = await registerUser(server, uniqueEmail(label));
    await joinDeal(server, owner.token, deal.id, member, permission_set_id, group_ids);
    return member.token;
  };
  const tokens = {
    owner: owner.token,
    seller: await join('qna-seller', sellers),
    approver: await join('qna-approver', approvers),
    buyerA: await join('qna-buyer-a', bidders, [groupA]),
    buyerB: await join('qna-buyer-b', bidders, [groupB]),
  };
  const fileId = await uploadApi(server, owner.token, deal.id, {
    name: 'Revenue 2025.txt',
    content: 'Revenue by customer, 2025',
    type: 'text/plain',
  });
  return { dealId: deal.id, fileId, tokens };
}

const questionsOf = async (server: TestServer, r: Room, token: string) =>
  (await apiCall<{ items: { id: string }[] }>(server, 'GET', `/deals/${r.dealId}/questions`, undefined, token)).items;

describe('Q&A', () => {
  const e2e = useE2E('qna');

  e2e.test(
    'a bidder asks on a file, the seller drafts, an approver releases, the bidder reads it; the other group never sees it',
    async ({ browser, server, page }) => {
      const r = await room(server);

      // The bidder asks from the file's Questions card.
      await openSignedIn(page, r.tokens.buyerA, `/deals/${r.dealId}/files/${r.fileId}`);
      const card = page.getByTestId('questions-card');
      await expectVisible(card, 'the Questions card', FIRST_LOAD_TIMEOUT);
      await card.getByRole('button', { name: 'Ask a question' }).click();
      await page.getByLabel('Title').fill('How is revenue recognised?');
      await page.getByLabel('Question', { exact: true }).fill('Is deferred revenue booked over the contract term?');
      await page.getByRole('button', { name: 'Ask Question' }).click();
      await expectText(page, 'Question sent');
      await expectVisible(page.getByTestId('question-title'), 'the question page');
      const [asked] = await questionsOf(server, r, r.tokens.buyerA);
      assert.ok(asked, 'the question exists');
      assert.equal((await questionsOf(server, r, r.tokens.buyerB)).length, 0, 'the other group sees no question');

      // The seller finds it in the Q&A list (Enter opens the highlighted row) and drafts an answer.
      const seller = await (await newContext(browser, server)).newPage();
      await openSignedIn(seller, r.tokens.seller, `/deals/${r.dealId}/qna`);
      await expectText(seller, 'How is revenue recognised?', { timeout: FIRST_LOAD_TIMEOUT });
      await checkScreen(seller, 'qna-list');
      await seller.locator('body').click({ position: { x: 5, y: 300 } });
      await seller.keyboard.press('Enter');
      await expectVisible(seller.getByTestId('answer-composer'), 'the answer composer');
      await seller.getByLabel('Answer').fill('Yes: ratably over the term of each contract.');
      await seller.getByRole('button', { name: 'Save Draft' }).click();
      await expectText(seller, 'Draft, awaiting approval');
      const draftView = await apiCall<{ answers: unknown[] }>(
        server,
        'GET',
        `/deals/${r.dealId}/questions/${asked.id}`,
        undefined,
        r.tokens.buyerA,
      );
      assert.equal(draftView.answers.length, 0, 'the bidder does not see the draft');

      // The approver releases it.
      const approver = await (await newContext(browser, server)).newPage();
      await openSignedIn(approver, r.tokens.approver, `/deals/${r.dealId}/qna/${asked.id}`);
      await expectText(approver, 'Yes: ratably over the term of each contract.', { timeout: FIRST_LOAD_TIMEOUT });
      await snap(approver, 'qna-question-draft');
      await expectAccessible(approver, 'qna-question');
      await approver.getByRole('button', { name: 'Approve & Release' }).click();
      await expectText(approver, 'Answer released');

      // The bidder reads the answer; the other group still sees nothing.
      await page.reload();
      await expectText(page, 'Yes: ratably over the term of each contract.', { timeout: FIRST_LOAD_TIMEOUT });
      await expectText(page, 'Answered');
      await snap(page, 'qna-question-answered');
      assert.equal((await questionsOf(server, r, r.tokens.buyerB)).length, 0, 'the other group still sees no question');
      const other = await fetch(`${server.url}/api/deals/${r.dealId}/questions/${asked.id}`, {
        headers: { authorization: `Bearer ${r.tokens.buyerB}` },
      });
      assert.equal(other.status, 404);
    },
  );

  e2e.test(
    'the list and the file card fit a phone',
    async ({ page, server }) => {
      const r = await room(server);
      await apiCall(
        server,
        'POST',
        `/deals/${r.dealId}/questions`,
        { title: 'Customer concentration?', file_id: r.fileId, priority: 'high' },
        r.tokens.buyerA,
      );
      await apiCall(server, 'POST', `/deals/${r.dealId}/questions`, { title: 'Any pending litigation?' }, r.tokens.buyerA);
      await openSignedIn(page, r.tokens.buyerA, `/deals/${r.dealId}/qna`);
      await expectText(page, 'Any pending litigation?', { timeout: FIRST_LOAD_TIMEOUT });
      await expectText(page, '2 questions');
      await snap(page, 'qna-list-phone');
      await page.goto(`/deals/${r.dealId}/files/${r.fileId}`);
      await expectVisible(
        page.getByTestId('questions-card').getByText('Customer concentration?'),
        'the card lists the file question',
        FIRST_LOAD_TIMEOUT,
      );
      await page.getByTestId('questions-card').scrollIntoViewIfNeeded();
      await snap(page, 'qna-file-card-phone');
    },
    { phone: true },
  );
});
