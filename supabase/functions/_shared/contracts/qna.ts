/**
 * Q&A (docs/decisions.md decision 49): questions on the deal, a file or a checklist item, answered in
 * drafts that an approver releases. GET/POST /deals/{dealId}/questions… Runtime-neutral.
 */
import { z } from 'zod';
import { QNA_PAGE_DEFAULT } from './values.ts';

export const QUESTION_STATUSES = ['open', 'answered', 'closed'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export const QUESTION_PRIORITIES = ['low', 'normal', 'high'] as const;
export type QuestionPriority = (typeof QUESTION_PRIORITIES)[number];
export type QuestionScope = 'deal' | 'file' | 'item';

export { QNA_PAGE_DEFAULT };
export const QNA_PAGE_MAX = 200;
export const QNA_BULK_MAX = 500;
export const QNA_ATTACH_MAX = 20;

const uuid = (field: string) => z.string().uuid(`${field} must be an id`);

export const questionListQuery = z.object({
  status: z.enum(['all', ...QUESTION_STATUSES], { message: 'status must be all, open, answered or closed' }).default('all'),
  scope: z.enum(['all', 'deal', 'file', 'item'], { message: 'scope must be all, deal, file or item' }).default('all'),
  file_id: uuid('file_id').optional(),
  item_id: uuid('item_id').optional(),
  // 'me', 'none' or a member's id.
  assignee: z
    .string()
    .refine((v) => v === 'me' || v === 'none' || z.string().uuid().safeParse(v).success, 'assignee must be me, none or an id')
    .optional(),
  search: z.string().max(200, 'search can be at most 200 characters').optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce
    .number({ invalid_type_error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(QNA_PAGE_MAX, `limit can be at most ${QNA_PAGE_MAX}`)
    .default(QNA_PAGE_DEFAULT),
});
export type QuestionListQuery = z.input<typeof questionListQuery>;

const attachmentIds = z
  .array(uuid('attachment_file_ids'))
  .max(QNA_ATTACH_MAX, `At most ${QNA_ATTACH_MAX} files at once`)
  .default([]);

const questionFields = {
  title: z.string().trim().min(1, 'A title is required').max(200, 'The title can be at most 200 characters'),
  body: z.string().trim().max(10000, 'The question can be at most 10000 characters'),
  category: z.string().trim().max(100, 'The category can be at most 100 characters'),
  priority: z.enum(QUESTION_PRIORITIES, { message: 'priority must be low, normal or high' }),
  due_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'due_date must be a date (YYYY-MM-DD)')
    .nullish(),
};

export const createQuestionBody = z
  .object({
    ...questionFields,
    body: questionFields.body.default(''),
    category: questionFields.category.default(''),
    priority: questionFields.priority.default('normal'),
    file_id: uuid('file_id').nullish(),
    checklist_item_id: uuid('checklist_item_id').nullish(),
    group_id: uuid('group_id').nullish(),
    attachment_file_ids: attachmentIds,
  })
  .strict()
  .refine((b) => !(b.file_id && b.checklist_item_id), 'A question is about a file or a checklist item, not both');
export type CreateQuestionBody = z.input<typeof createQuestionBody>;

/**
 * PATCH /deals/{dealId}/questions/{questionId} (decision 52): the fields sent change, the others stay.
 * The asker edits all five while the question is open and unanswered; the answering side the last three.
 */
export const editQuestionBody = z
  .object(questionFields)
  .partial()
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type EditQuestionBody = z.input<typeof editQuestionBody>;

export const answerBody = z
  .object({
    body: z.string().trim().min(1, 'The answer cannot be empty').max(20000, 'The answer can be at most 20000 characters'),
    attachment_file_ids: attachmentIds,
  })
  .strict();
export type AnswerBody = z.input<typeof answerBody>;

export const editAnswerBody = z.object({ body: answerBody.shape.body }).strict();

export const assignBody = z.object({ assignee_id: uuid('assignee_id').nullable() }).strict();
export type AssignBody = z.infer<typeof assignBody>;

export const attachBody = z.object({ file_id: uuid('file_id'), answer_id: uuid('answer_id').nullish() }).strict();
export type AttachBody = z.input<typeof attachBody>;

const questionIds = z
  .array(uuid('question_ids'), { required_error: 'question_ids is required' })
  .min(1, 'No questions selected')
  .max(QNA_BULK_MAX, `At most ${QNA_BULK_MAX} questions at once`);
export const bulkAssignBody = z.object({ question_ids: questionIds, assignee_id: uuid('assignee_id').nullable() }).strict();
export type BulkAssignBody = z.infer<typeof bulkAssignBody>;
export const bulkCloseBody = z.object({ question_ids: questionIds }).strict();
export type BulkCloseBody = z.infer<typeof bulkCloseBody>;

export interface QuestionRow {
  id: string;
  title: string;
  category: string;
  priority: QuestionPriority;
  due_date: string | null;
  status: QuestionStatus;
  scope: QuestionScope;
  file_id: string | null;
  file_name: string | null;
  checklist_item_id: string | null;
  item_name: string | null;
  asked_by_name: string | null;
  asker_group_name: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  released_to_all: boolean;
  /** Answers the caller sees: released ones, and drafts for the answering side. */
  answer_count: number;
  draft_count: number;
  created_at: string;
  updated_at: string;
}

export interface QuestionCounts {
  all: number;
  open: number;
  answered: number;
  closed: number;
}

export interface QuestionList {
  items: QuestionRow[];
  /** Counts by status of what the caller may see under the other filters. */
  counts: QuestionCounts;
  /** Pass as `after` to read the next page; null on the last one. */
  next_cursor: string | null;
  can_ask: boolean;
  can_answer: boolean;
  can_approve: boolean;
}

export interface QuestionAttachment {
  id: string;
  file_id: string;
  file_name: string;
  answer_id: string | null;
  added_by_name: string | null;
}

export interface QuestionAnswer {
  id: string;
  body: string;
  state: 'draft' | 'released';
  author_name: string | null;
  released_by_name: string | null;
  released_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface QuestionDetail extends QuestionRow {
  body: string;
  answers: QuestionAnswer[];
  attachments: QuestionAttachment[];
  can_answer: boolean;
  can_approve: boolean;
  can_assign: boolean;
  can_close: boolean;
  can_reopen: boolean;
  can_release_to_all: boolean;
  can_attach: boolean;
  /** May edit category, priority and due date (the asker while open and unanswered, the answering side). */
  can_edit: boolean;
  /** May edit the title and text too: the asker, while open and unanswered. */
  can_edit_text: boolean;
}

export interface QnaAssignee {
  id: string;
  name: string;
}

export interface QnaBulkResult {
  success_count: number;
  failed_count: number;
}
