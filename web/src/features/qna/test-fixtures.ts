import type { QuestionDetail, QuestionRow } from '@contracts/qna';

/** The n-th question of a list in the Q&A tests: open, about the deal, asked by Ada of Bidder A. */
export const questionId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const questionRow = (n: number, patch: Partial<QuestionRow> = {}): QuestionRow => ({
  id: questionId(n),
  title: `Question ${n}`,
  category: '',
  priority: 'normal',
  due_date: null,
  status: 'open',
  scope: 'deal',
  file_id: null,
  file_name: null,
  checklist_item_id: null,
  item_name: null,
  asked_by_name: 'Ada Bidder',
  asker_group_name: 'Bidder A',
  assignee_id: null,
  assignee_name: null,
  released_to_all: false,
  answer_count: 0,
  draft_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...patch,
});

/** The n-th question's page as its asker sees it before any answer, with `patch` over it. */
export const questionDetail = (n: number, patch: Partial<QuestionDetail> = {}): QuestionDetail => ({
  ...questionRow(n),
  body: '',
  answers: [],
  attachments: [],
  can_answer: false,
  can_approve: false,
  can_assign: false,
  can_close: true,
  can_reopen: false,
  can_release_to_all: false,
  can_attach: true,
  can_edit: true,
  can_edit_text: true,
  ...patch,
});
