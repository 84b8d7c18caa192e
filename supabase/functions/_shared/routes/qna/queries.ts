/**
 * The statements of Q&A (docs/decisions.md decision 49), run as the caller: row-level security decides
 * which questions, answers and attachments each person sees; these only shape what it lets through.
 */
import type { QuestionAnswer, QuestionAttachment, QuestionCounts, QuestionRow } from '../../contracts/qna.ts';
import { z } from 'zod';
import { questionListQuery } from '../../contracts/qna.ts';
import type { Tx } from '../../db.ts';
import { decodeCursor as decodeActivityCursor } from '../activity.ts';

export type ListQuery = z.infer<typeof questionListQuery>;
const BAD_CURSOR = 'after must be the cursor of a question of this list.';

/** A position in the list: the question's created_at and id, as the activity feed's cursor. */
export const decodeCursor = (cursor: string) => decodeActivityCursor(cursor, BAD_CURSOR);

const personName = (alias: string) =>
  `coalesce(nullif(btrim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.email)`;

/** The filters every read of the list shares (all but status and the keyset). */
function filters(tx: Tx, dealId: string, q: ListQuery, userId: string) {
  const search = q.search?.trim() ? `%${q.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const assignee = q.assignee === 'me' ? userId : q.assignee;
  return tx`q.deal_id = ${dealId}
    and (${q.scope} = 'all' or ${q.scope} = 'file' and q.file_id is not null
         or ${q.scope} = 'item' and q.checklist_item_id is not null
         or ${q.scope} = 'deal' and q.file_id is null and q.checklist_item_id is null)
    and (${q.file_id ?? null}::uuid is null or q.file_id = ${q.file_id ?? null})
    and (${q.item_id ?? null}::uuid is null or q.checklist_item_id = ${q.item_id ?? null})
    and (${assignee ?? null}::text is null or ${assignee ?? null} = 'none' and q.assignee_id is null
         or q.assignee_id::text = ${assignee ?? null})
    and (${search}::text is null or q.title ilike ${search} or q.body ilike ${search})`;
}

/**
 * The columns of a question row. The asker's name and group show only to the asking party and the
 * answering side: other bidders reading a question released to all never learn who asked it.
 */
function rowColumns(tx: Tx, canAnswer: boolean) {
  return tx`q.id, q.title, q.category, q.priority, to_char(q.due_date, 'YYYY-MM-DD') as due_date, q.status,
    case when q.file_id is not null then 'file' when q.checklist_item_id is not null then 'item' else 'deal' end as scope,
    q.file_id, f.name as file_name, q.checklist_item_id, i.name as item_name,
    case when ${canAnswer} or q.asked_by = (select auth.uid()) or q.asker_group_id = any (private.my_group_ids(q.deal_id))
         then ${tx.unsafe(personName('pa'))} end as asked_by_name,
    case when ${canAnswer} or q.asked_by = (select auth.uid()) or q.asker_group_id = any (private.my_group_ids(q.deal_id))
         then g.name end as asker_group_name,
    q.assignee_id, ${tx.unsafe(personName('pn'))} as assignee_name, q.released_to_all,
    (select count(*) from public.question_answers a where a.question_id = q.id and a.state = 'released')::int as answer_count,
    (select count(*) from public.question_answers a where a.question_id = q.id and a.state = 'draft')::int as draft_count,
    q.created_at, q.updated_at,
    (q.asked_by = (select auth.uid()) or q.asker_group_id = any (private.my_group_ids(q.deal_id))) as is_askers`;
}

function joins(tx: Tx) {
  return tx`left join public.files f on f.id = q.file_id
    left join public.checklist_items i on i.id = q.checklist_item_id
    left join public.profiles pa on pa.id = q.asked_by
    left join public.profiles pn on pn.id = q.assignee_id
    left join public.deal_groups g on g.id = q.asker_group_id`;
}

export type Row = QuestionRow & { is_askers: boolean; cursor?: string };

/**
 * One page of the list, newest first, by keyset (created_at, id): a deep page costs what the first does.
 * The page's rows are chosen first and only they are joined and counted (decision 52: otherwise the
 * planner may join and count all 20,000 questions of a deal before sorting them).
 */
export function questionPage(tx: Tx, dealId: string, userId: string, q: ListQuery, canAnswer: boolean) {
  const after = q.after ? decodeCursor(q.after) : undefined;
  return tx<Row[]>`
    select ${rowColumns(tx, canAnswer)},
      rtrim(translate(encode(convert_to(q.created_at::text || '|' || q.id, 'UTF8'), 'base64'), E'+/\n', '-_'), '=') as cursor
    from (select q.* from public.questions q
          where ${filters(tx, dealId, q, userId)}
            and (${q.status} = 'all' or q.status = ${q.status})
            ${after ? tx`and (q.created_at, q.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : tx``}
          order by q.created_at desc, q.id desc
          limit ${q.limit + 1}) q
    ${joins(tx)}
    order by q.created_at desc, q.id desc`;
}

export async function questionCounts(tx: Tx, dealId: string, userId: string, q: ListQuery): Promise<QuestionCounts> {
  const rows = await tx<{ status: string; n: number }[]>`
    select q.status, count(*)::int as n from public.questions q where ${filters(tx, dealId, q, userId)} group by q.status`;
  const counts: QuestionCounts = { all: 0, open: 0, answered: 0, closed: 0 };
  for (const r of rows) {
    counts[r.status as keyof QuestionCounts] = r.n;
    counts.all += r.n;
  }
  return counts;
}

/** Every question the caller sees under the filters, oldest first, with its released answers (the CSV log). */
export function questionLog(tx: Tx, dealId: string, userId: string, q: ListQuery, canAnswer: boolean) {
  return tx<(Row & { body: string; answers: string | null })[]>`
    select ${rowColumns(tx, canAnswer)}, q.body,
      (select string_agg(a.body, E'\n---\n' order by a.released_at) from public.question_answers a
        where a.question_id = q.id and a.state = 'released') as answers
    from public.questions q ${joins(tx)}
    where ${filters(tx, dealId, q, userId)} and (${q.status} = 'all' or q.status = ${q.status})
    order by q.created_at, q.id`;
}

export async function questionRow(tx: Tx, dealId: string, id: string, canAnswer: boolean) {
  const [row] = await tx<(Row & { body: string; asker_group_id: string | null; is_mine: boolean })[]>`
    select ${rowColumns(tx, canAnswer)}, q.body, q.asked_by is not distinct from (select auth.uid()) as is_mine
    from public.questions q ${joins(tx)}
    where q.id = ${id} and q.deal_id = ${dealId}`;
  return row;
}

export function questionAnswers(tx: Tx, id: string) {
  return tx<QuestionAnswer[]>`
    select a.id, a.body, a.state, ${tx.unsafe(personName('pa'))} as author_name, ${tx.unsafe(personName('pr'))} as released_by_name,
           a.released_at, a.created_at, a.updated_at
    from public.question_answers a
    left join public.profiles pa on pa.id = a.author_id
    left join public.profiles pr on pr.id = a.released_by
    where a.question_id = ${id}
    order by a.created_at, a.id`;
}

export function questionAttachments(tx: Tx, id: string) {
  return tx<QuestionAttachment[]>`
    select t.id, t.file_id, f.name as file_name, t.answer_id, ${tx.unsafe(personName('p'))} as added_by_name
    from public.question_attachments t
    join public.files f on f.id = t.file_id
    left join public.profiles p on p.id = t.added_by
    where t.question_id = ${id}
    order by t.created_at, t.id`;
}

/** One CSV field: quoted, quotes doubled, and a leading =, +, - or @ defused so no spreadsheet runs it. */
export function csvField(value: unknown): string {
  let text = value == null ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}
