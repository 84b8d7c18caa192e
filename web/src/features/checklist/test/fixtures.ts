import { stubApi, type RouteHandler } from '../../../test/utils';
import type { ChecklistCategory, ChecklistItem, ChecklistItemDetail, ChecklistResponse } from '../types';

export type Handler = RouteHandler;

export const DEAL = 'd1';

export function item(over: Partial<ChecklistItem> & { id: string }): ChecklistItem {
  return {
    item_id: null,
    name: 'Item',
    description: '',
    category_id: 'c1',
    category: 'Corporate Documents',
    status: 'in_progress',
    required: true,
    files: [],
    metadata: { anticipated_file_count: 1, actual_file_count: 0 },
    approval: { status: 'pending', decided_by: null, decided_at: null },
    connected_files: [],
    ...over,
  };
}

export const categories: ChecklistCategory[] = [
  { id: 'c1', name: 'Corporate Documents', code: 'A', position: 1, completed: 1, total: 3 },
  { id: 'c2', name: 'Tax Matters', code: 'C', position: 2, completed: 1, total: 1 },
];

export const items: ChecklistItem[] = [
  item({
    id: 'i1',
    item_id: 'A.1',
    name: 'Certificate of incorporation',
    description: 'Charter and amendments',
    status: 'provided',
    metadata: { anticipated_file_count: 2, actual_file_count: 2 },
    approval: { status: 'approved', decided_by: 'a@x', decided_at: '2026-01-01T00:00:00Z' },
  }),
  item({ id: 'i2', item_id: 'A.2', name: 'Bylaws', description: 'Current bylaws', required: false }),
  item({
    id: 'i3',
    item_id: 'A.3',
    name: 'Good standing certificates',
    description: 'Per jurisdiction',
    approval: { status: 'changes_requested', decided_by: null, decided_at: null },
  }),
  item({
    id: 'i4',
    item_id: 'C.1',
    name: 'Income tax returns',
    description: 'Federal and state',
    category_id: 'c2',
    category: 'Tax Matters',
    status: 'not_applicable',
  }),
];

export function checklist(over: Partial<ChecklistResponse> = {}): ChecklistResponse {
  return {
    categories,
    progress: { completed: 2, total: 4 },
    can_edit: true,
    can_approve: true,
    can_upload: true,
    can_update: true,
    can_link_files: true,
    checklist: {
      'Corporate Documents': items.filter((i) => i.category_id === 'c1'),
      'Tax Matters': items.filter((i) => i.category_id === 'c2'),
    },
    ...over,
  };
}

export function detail(over: Partial<ChecklistItemDetail> = {}): ChecklistItemDetail {
  return {
    ...items[1],
    connected_files: [
      {
        file_id: 'f1',
        name: 'Bylaws 2021.pdf',
        size: 2048,
        ai_status: 'not_started',
        approval_status: 'pending',
        uploaded_at: '2026-01-02T10:00:00Z',
      },
    ],
    files: ['f1'],
    metadata: { anticipated_file_count: 2, actual_file_count: 1 },
    approval_history: [],
    can_edit: true,
    can_approve: true,
    can_upload: true,
    can_update: true,
    can_link_files: true,
    ...over,
  };
}

/** Stubs fetch with a table of `METHOD /api/path` answers; records every call. */
export const fakeApi = stubApi;

export const dealBody = {
  id: DEAL,
  name: 'Project Atlas',
  description: null,
  owner_id: 'u1',
  user_role: 'admin',
  is_owner: true,
  permission_set: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: null,
  archived_at: null,
};
