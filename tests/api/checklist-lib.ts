/** Shared steps for the checklist, catalog and preset API tests (tests/api/checklist-*.test.ts). */
import { expect } from 'vitest';
import { call, createDeal, registerUser, sql, type TestUser, newMember } from './helpers.ts';
import { login } from './expect.ts';
import { setMember as holdingSet } from './people-lib.ts';

export const ADMIN_EMAIL = 'admin@example.com';

let adminToken: Promise<string> | undefined;
/** The seeded super admin's token (admin@example.com / admin-password). */
export function superAdmin(): Promise<string> {
  adminToken ??= login(ADMIN_EMAIL, 'admin-password').then((res) => {
    if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.access_token as string;
  });
  return adminToken;
}

export const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A catalog code no seed uses: three letters starting with Z (seeded codes use one letter), then a number. */
export function uniqueCode(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * 26)];
  return `Z${pick()}${pick()}.${1 + Math.floor(Math.random() * 999)}`;
}

export interface Room {
  owner: TestUser;
  dealId: string;
  base: string;
}

/** A fresh owner with a fresh blank deal. */
export async function room(label = 'cl', preset = 'blank'): Promise<Room> {
  const owner = await registerUser(`${label}-owner`);
  const deal = await createDeal(owner, `${label} deal`, preset);
  return { owner, dealId: deal.id, base: `/deals/${deal.id}/checklist` };
}

export const member = (r: Room, role: 'admin' | 'contributor' | 'viewer', label: string = role) =>
  newMember(r.dealId, role, `cl-${label}`);

/** A member whose rights come only from a system permission set (role 'member'). */
export const setMember = (r: Room, set: 'upload_only' | 'upload_view' | 'approve_only' | 'edit') =>
  holdingSet({ deal: { id: r.dealId } }, set, `cl-${set}`);

export async function category(r: Room, name: string, code: string | null = null, user: TestUser = r.owner) {
  const res = await call('POST', `${r.base}/categories`, { token: user.token, body: { name, code } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; code: string | null; position: number; completed: number; total: number };
}

export async function item(
  r: Room,
  categoryId: string,
  name: string,
  extra: Record<string, unknown> = {},
  user: TestUser = r.owner,
) {
  const res = await call('POST', `${r.base}/items`, { token: user.token, body: { name, category_id: categoryId, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, any>;
}

/** Another fresh deal with one item (category "Theirs", code T): what a room must not reach through its own paths. */
export async function otherDealItem(label: string, name = 'Their item') {
  const other = await room(label);
  const theirCategory = await category(other, 'Theirs', 'T');
  const theirs = await item(other, theirCategory.id, name);
  return { other, theirCategory, theirs };
}

export async function checklist(r: Room, user: TestUser = r.owner) {
  const res = await call('GET', r.base, { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    checklist: Record<string, any[]>;
    categories: { id: string; name: string; code: string | null; completed: number; total: number }[];
    progress: { completed: number; total: number };
    can_edit: boolean;
    can_approve: boolean;
    can_upload: boolean;
  };
}

export async function getItem(r: Room, itemId: string, user: TestUser = r.owner) {
  const res = await call('GET', `${r.base}/items/${itemId}`, { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, any>;
}

/** Admin: creates a catalog item; `presets: []` keeps it out of every preset (the default is ['Default']). */
export async function catalogItem(fields: Record<string, unknown> = {}) {
  const token = await superAdmin();
  const code = uniqueCode();
  const res = await call('POST', '/admin/catalog', {
    token,
    body: {
      code,
      title: `Item ${code} ${tag()}`,
      description: `Description of ${code}`,
      category: 'Tax Matters',
      presets: [],
      ...fields,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, any>;
}

export async function preset(fields: Record<string, unknown> = {}) {
  const token = await superAdmin();
  const res = await call('POST', '/admin/presets', {
    token,
    body: { name: `CL preset ${tag()}`, description: 'A preset made by a test', catalog_item_ids: [], ...fields },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, any>;
}

export async function activityRows(dealId: string, type = 'checklist_update') {
  return sql<{ activity_type: string; description: string; metadata: any; user_id: string | null }[]>`
    select activity_type, description, metadata, user_id from public.activities
    where deal_id = ${dealId} and activity_type = ${type} order by created_at, id`;
}

export async function auditRows(entityType: string, entityId: string) {
  return sql<
    {
      action: string;
      entity_type: string;
      performed_by: string | null;
      performed_by_email: string | null;
      changes: any;
      created_at: Date;
    }[]
  >`
    select action, entity_type, performed_by, performed_by_email, changes, created_at from public.audit_logs
    where entity_type = ${entityType} and entity_id = ${entityId} order by created_at, id`;
}

export async function adminUserId(): Promise<string> {
  const [row] = await sql<{ id: string }[]>`select id from auth.users where lower(email) = ${ADMIN_EMAIL}`;
  return row.id;
}

export const NOT_FOUND_UUID = '00000000-0000-4000-8000-000000000000';
