/**
 * Editing a question (docs/decisions.md decision 52): the asker changes title, text, category, priority
 * and due date while the question is open, not released to all bidders and without a released answer;
 * the answering side changes category, priority and due date at any time, never the asker's words. The
 * trigger of public.questions decides again.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { editQuestionBody } from '../../contracts/qna.ts';
import type { ApiEnv } from '../../context.ts';
import type { DealContext } from '../../deal-scope.ts';
import type { Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { readJson } from '../../validate.ts';
import type { Row } from './queries.ts';

type EditBody = z.infer<typeof editQuestionBody>;
export type EditableRow = Row & { is_mine: boolean; body: string };

const askerEdits = (ctx: DealContext, row: EditableRow) =>
  ctx.can('ask_questions') && row.is_mine && row.status === 'open' && !row.released_to_all && row.answer_count === 0;

export const editFlags = (ctx: DealContext, row: EditableRow) => ({
  can_edit: ctx.can('answer_questions') || askerEdits(ctx, row),
  can_edit_text: askerEdits(ctx, row),
});

export const readEditBody = (c: Context<ApiEnv>) => readJson(c, editQuestionBody);

/**
 * The question the caller may edit this way, or why not: 404 when they do not see it, 409 to its asker
 * once it is past editing, 403 to others.
 */
export function checkEdit(ctx: DealContext, row: EditableRow | undefined, body: EditBody): EditableRow {
  if (!row) throw new HttpError(404, 'Question not found');
  const may = editFlags(ctx, row);
  // The words sent unchanged (the dialog sends every field) are no change of them.
  const words = (body.title ?? row.title) !== row.title || (body.body ?? row.body) !== row.body;
  if (may.can_edit && (may.can_edit_text || !words)) return row;
  if (ctx.can('ask_questions') && row.is_mine)
    throw new HttpError(409, 'A question can be edited only while it is open and unanswered');
  throw new HttpError(
    403,
    words ? "Only the asker can change a question's title and text" : "You don't have permission to edit this question.",
  );
}

/** The SET of an edit: the fields sent change, the others stay (a due date sent as null clears it). */
export function editSet(tx: Tx, body: EditBody): ReturnType<Tx> {
  return tx`title = coalesce(${body.title ?? null}, title), body = coalesce(${body.body ?? null}, body),
    category = coalesce(${body.category ?? null}, category), priority = coalesce(${body.priority ?? null}, priority),
    due_date = case when ${body.due_date !== undefined} then ${body.due_date ?? null}::date else due_date end`;
}
