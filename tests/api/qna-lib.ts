// The room of the Q&A tests (docs/decisions.md decision 49): an answering side (seller, approver), two
// bidder groups (A with two people, B with one), a file everyone sees and one only group A sees.
import { expect } from 'vitest';
import { call, sql, type TestUser } from './helpers.ts';
import { directOk } from './dataroom-lib.ts';
import { customSet, group, peopleRoom, setMember, type PeopleRoom } from './people-lib.ts';

export interface QnaRoom extends PeopleRoom {
  seller: TestUser;
  approver: TestUser;
  buyerA: TestUser;
  buyerA2: TestUser;
  buyerB: TestUser;
  openFile: string;
  aOnlyFile: string;
}

export async function qnaRoom(label: string): Promise<QnaRoom> {
  const r = await peopleRoom(label);
  const sellers = await customSet(r, 'Sellers', ['view', 'download', 'answer_questions']);
  const approvers = await customSet(r, 'Approvers', ['view', 'answer_questions', 'approve_answers']);
  const bidders = await customSet(r, 'Bidders', ['view', 'download', 'ask_questions']);
  const seller = await setMember(r, sellers.id, `${label}-seller`);
  const approver = await setMember(r, approvers.id, `${label}-approver`);
  const [buyerA, buyerA2, buyerB] = [
    await setMember(r, null, `${label}-buyer-a`),
    await setMember(r, null, `${label}-buyer-a2`),
    await setMember(r, null, `${label}-buyer-b`),
  ];
  const groupA = await group(r, 'Bidder A', bidders.id);
  const groupB = await group(r, 'Bidder B', bidders.id);
  await sql`insert into public.deal_group_members (group_id, deal_id, user_id) values
    (${groupA.id}, ${r.deal.id}, ${buyerA.id}), (${groupA.id}, ${r.deal.id}, ${buyerA2.id}), (${groupB.id}, ${r.deal.id}, ${buyerB.id})`;
  const openFile = (await directOk(r, r.owner, { filename: 'Accounts.pdf' })).fileId as string;
  const aOnlyFile = (await directOk(r, r.owner, { filename: 'A only.pdf' })).fileId as string;
  await sql`update public.files set permission_type = 'custom' where id = ${aOnlyFile}`;
  await sql`insert into public.file_permissions (file_id, deal_id, allowed_groups, allowed_users)
            values (${aOnlyFile}, ${r.deal.id}, ${[groupA.id]}, ${[seller.id, approver.id]})`;
  return { ...r, seller, approver, buyerA, buyerA2, buyerB, openFile, aOnlyFile };
}

/** `method path` as `token`, expected to answer `status`; its body. */
export async function ok(method: string, path: string, token: string, body?: unknown, status = 200) {
  const res = await call(method, path, { token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}
