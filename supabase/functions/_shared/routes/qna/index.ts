import { type Context, Hono } from 'hono';
import {
  answerBody,
  assignBody,
  attachBody,
  bulkAssignBody,
  bulkCloseBody,
  createQuestionBody,
  editAnswerBody,
  questionListQuery,
  type QnaAssignee,
  type QuestionDetail,
  type QuestionList,
} from '../../contracts/qna.ts';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import { idParam, requireCapability, withDeal, type DealContext } from '../../deal-scope.ts';
import type { Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { parseOrThrow, readJson } from '../../validate.ts';
import {
  csvField,
  questionAnswers,
  questionAttachments,
  questionCounts,
  questionLog,
  questionPage,
  questionRow,
  type Row,
} from './queries.ts';
import { checkEdit, editFlags, editSet, readEditBody, type EditableRow } from './edit.ts';
import { mailQna } from './notify.ts';
import { attach, bulk } from './writes.ts';

const NOT_FOUND = 'Question not found';
const ANSWER_NOT_FOUND = 'Answer not found';

const answers = (ctx: DealContext) => ctx.can('answer_questions');

/** What the caller may do with a question (the database decides again on every write). */
function detailFlags(ctx: DealContext, row: EditableRow) {
  const side = answers(ctx) || (ctx.can('ask_questions') && row.is_askers);
  return {
    ...editFlags(ctx, row),
    can_answer: answers(ctx) && row.status !== 'closed',
    can_approve: ctx.can('approve_answers') && row.status !== 'closed',
    can_assign: answers(ctx),
    can_close: side && row.status !== 'closed',
    can_reopen: side && row.status === 'closed',
    can_release_to_all: ctx.can('approve_answers') && !row.released_to_all,
    can_attach: side,
  };
}

function strip<T extends Row>(row: T) {
  const { is_askers: _mine, cursor: _cursor, ...rest } = row;
  return rest;
}

export async function loadQuestion(tx: Tx, ctx: DealContext, id: string): Promise<QuestionDetail> {
  const row = await questionRow(tx, ctx.dealId, id, answers(ctx));
  if (!row) throw new HttpError(404, NOT_FOUND);
  const { asker_group_id: _group, is_mine: _mine, ...rest } = row;
  return {
    ...strip(rest as Row & { body: string }),
    answers: await questionAnswers(tx, id),
    attachments: await questionAttachments(tx, id),
    ...detailFlags(ctx, row),
  } as QuestionDetail;
}

/**
 * One change to a question the caller sees. Row-level security lets only the answering side and the
 * asking party write, the trigger decides what each may change; a row the caller sees but may not
 * change is a 403, one they do not see a 404.
 */
async function changeQuestion(tx: Tx, ctx: DealContext, id: string, set: ReturnType<Tx>, action: string) {
  const done = await tx`update public.questions q set ${set} where q.id = ${id} and q.deal_id = ${ctx.dealId} returning q.id`;
  if (done.length) return;
  const [seen] = await tx`select 1 from public.questions where id = ${id} and deal_id = ${ctx.dealId}`;
  if (!seen) throw new HttpError(404, NOT_FOUND);
  throw new HttpError(403, `You don't have permission to ${action}.`);
}

/** Q&A of a deal (docs/decisions.md decision 49). */
export function qnaRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const qid = (c: Context) => idParam(c, 'questionId', NOT_FOUND);

  app.get('/:dealId/questions', async (c) => {
    const list = await withDeal(deps, c, async (tx, ctx): Promise<QuestionList> => {
      const q = parseOrThrow(questionListQuery, c.req.query());
      const rows = await questionPage(tx, ctx.dealId, ctx.userId, q, answers(ctx));
      const more = rows.length > q.limit;
      const page = rows.slice(0, q.limit);
      return {
        items: page.map(strip),
        counts: await questionCounts(tx, ctx.dealId, ctx.userId, q),
        next_cursor: more ? (page[page.length - 1]?.cursor ?? null) : null,
        can_ask: ctx.can('ask_questions'),
        can_answer: answers(ctx),
        can_approve: ctx.can('approve_answers'),
      };
    });
    return c.json(list);
  });

  app.get('/:dealId/questions.csv', async (c) => {
    const csv = await withDeal(deps, c, async (tx, ctx) => {
      const q = parseOrThrow(questionListQuery, c.req.query());
      const rows = await questionLog(tx, ctx.dealId, ctx.userId, q, answers(ctx));
      const head = ['id', 'asked_at', 'status', 'priority', 'category', 'title', 'question', 'about', 'asked_by', 'group'];
      const lines = [head.concat(['assignee', 'due_date', 'released_to_all', 'answers']).map(csvField).join(',')];
      for (const r of rows) {
        const about = r.scope === 'file' ? r.file_name : r.scope === 'item' ? r.item_name : 'Deal';
        lines.push(
          [r.id, r.created_at, r.status, r.priority, r.category, r.title, r.body, about, r.asked_by_name, r.asker_group_name]
            .concat([r.assignee_name, r.due_date, r.released_to_all ? 'yes' : 'no', r.answers])
            .map(csvField)
            .join(','),
        );
      }
      return `${lines.join('\r\n')}\r\n`;
    });
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="questions.csv"',
    });
  });

  app.get('/:dealId/questions/assignees', async (c) => {
    const list = await withDeal(deps, c, async (tx, ctx): Promise<QnaAssignee[]> => {
      requireCapability(ctx, 'answer_questions', 'assign questions');
      return tx<QnaAssignee[]>`
        select m.user_id as id,
               coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email, 'Member') as name
        from public.deal_members m left join public.profiles p on p.id = m.user_id
        where m.deal_id = ${ctx.dealId} and m.status = 'active'
          and 'answer_questions' = any (private.member_capabilities(m.deal_id, m.user_id))
        order by 2, 1`;
    });
    return c.json(list);
  });

  app.post('/:dealId/questions', async (c) => {
    const body = await readJson(c, createQuestionBody);
    const detail = await withDeal(deps, c, async (tx, ctx) => {
      requireCapability(ctx, 'ask_questions', 'ask questions');
      const [row] = await tx`
        insert into public.questions (deal_id, title, body, category, priority, due_date, file_id, checklist_item_id, asker_group_id, asked_by)
        values (${ctx.dealId}, ${body.title}, ${body.body}, ${body.category}, ${body.priority}, ${body.due_date ?? null},
                ${body.file_id ?? null}, ${body.checklist_item_id ?? null}, ${body.group_id ?? null}, ${ctx.userId})
        returning id`;
      await attach(tx, ctx, row!.id, body.attachment_file_ids, null);
      return loadQuestion(tx, ctx, row!.id);
    });
    await mailQna(deps, 'asked', c.req.param('dealId'), detail.id, c.get('claims').sub);
    return c.json(detail, 201);
  });

  app.get('/:dealId/questions/:questionId', async (c) => {
    const detail = await withDeal(deps, c, (tx, ctx) => loadQuestion(tx, ctx, qid(c)));
    return c.json(detail);
  });

  app.patch('/:dealId/questions/:questionId', async (c) => {
    const body = await readEditBody(c);
    const detail = await withDeal(deps, c, async (tx, ctx) => {
      const row = checkEdit(ctx, await questionRow(tx, ctx.dealId, qid(c), answers(ctx)), body);
      await changeQuestion(tx, ctx, row.id, editSet(tx, body), 'edit this question');
      return loadQuestion(tx, ctx, row.id);
    });
    return c.json(detail);
  });

  app.post('/:dealId/questions/:questionId/assign', async (c) => {
    const body = await readJson(c, assignBody);
    const detail = await withDeal(deps, c, async (tx, ctx) => {
      requireCapability(ctx, 'answer_questions', 'assign questions');
      await changeQuestion(tx, ctx, qid(c), tx`assignee_id = ${body.assignee_id}`, 'assign this question');
      return loadQuestion(tx, ctx, qid(c));
    });
    if (body.assignee_id) await mailQna(deps, 'assigned', c.req.param('dealId'), detail.id, c.get('claims').sub);
    return c.json(detail);
  });

  const statusRoute = (status: 'open' | 'closed', action: string) => async (c: Context<ApiEnv>) => {
    const detail = await withDeal(deps, c, async (tx, ctx) => {
      await changeQuestion(tx, ctx, qid(c), tx`status = ${status}`, action);
      return loadQuestion(tx, ctx, qid(c));
    });
    return c.json(detail);
  };
  app.post('/:dealId/questions/:questionId/close', statusRoute('closed', 'close this question'));
  app.post('/:dealId/questions/:questionId/reopen', statusRoute('open', 'reopen this question'));

  app.post('/:dealId/questions/:questionId/release', async (c) => {
    const detail = await withDeal(deps, c, async (tx, ctx) => {
      requireCapability(ctx, 'approve_answers', 'release questions to all bidders');
      await changeQuestion(tx, ctx, qid(c), tx`released_to_all = true`, 'release this question');
      return loadQuestion(tx, ctx, qid(c));
    });
    return c.json(detail);
  });

  app.post('/:dealId/questions/:questionId/attachments', async (c) => {
    const body = await readJson(c, attachBody);
    const detail = await withDeal(deps, c, async (tx, ctx) => {
      const question = await loadQuestion(tx, ctx, qid(c));
      if (!question.can_attach) throw new HttpError(403, "You don't have permission to attach files to this question.");
      await attach(tx, ctx, question.id, [body.file_id], body.answer_id ?? null);
      return loadQuestion(tx, ctx, question.id);
    });
    return c.json(detail, 201);
  });

  app.post('/:dealId/questions/:questionId/answers', async (c) => {
    const body = await readJson(c, answerBody);
    const detail = await withDeal(deps, c, async (tx, ctx) => {
      requireCapability(ctx, 'answer_questions', 'answer questions');
      const question = await loadQuestion(tx, ctx, qid(c));
      const [row] = await tx`insert into public.question_answers (question_id, deal_id, body, author_id)
                             values (${question.id}, ${ctx.dealId}, ${body.body}, ${ctx.userId}) returning id`;
      await attach(tx, ctx, question.id, body.attachment_file_ids, row!.id);
      return loadQuestion(tx, ctx, question.id);
    });
    return c.json(detail, 201);
  });

  const answerChange = (change: 'edit' | 'release' | 'delete') => async (c: Context<ApiEnv>) => {
    const body = change === 'edit' ? await readJson(c, editAnswerBody) : null;
    const detail = await withDeal(deps, c, async (tx, ctx) => {
      if (change === 'release') requireCapability(ctx, 'approve_answers', 'release answers');
      else requireCapability(ctx, 'answer_questions', 'change answers');
      const question = await loadQuestion(tx, ctx, qid(c));
      const answerId = idParam(c, 'answerId', ANSWER_NOT_FOUND);
      const where = tx`where id = ${answerId} and question_id = ${question.id}`;
      const [done] =
        change === 'delete'
          ? await tx`delete from public.question_answers ${where} returning id`
          : change === 'edit'
            ? await tx`update public.question_answers set body = ${body!.body} ${where} returning id`
            : await tx`update public.question_answers set state = 'released' ${where} returning id`;
      if (!done) {
        const known = question.answers.some((a) => a.id === answerId);
        if (!known) throw new HttpError(404, ANSWER_NOT_FOUND);
        throw new HttpError(409, 'A released answer cannot be changed');
      }
      return loadQuestion(tx, ctx, question.id);
    });
    if (change === 'release') await mailQna(deps, 'answered', c.req.param('dealId')!, detail.id, c.get('claims').sub);
    return c.json(detail);
  };
  app.patch('/:dealId/questions/:questionId/answers/:answerId', answerChange('edit'));
  app.post('/:dealId/questions/:questionId/answers/:answerId/release', answerChange('release'));
  app.delete('/:dealId/questions/:questionId/answers/:answerId', answerChange('delete'));

  app.post('/:dealId/questions/bulk-assign', async (c) => {
    const body = await readJson(c, bulkAssignBody);
    const result = await withDeal(deps, c, async (tx, ctx) => {
      requireCapability(ctx, 'answer_questions', 'assign questions');
      return bulk(tx, body.question_ids, async (sp, id) => {
        const rows = await sp`update public.questions set assignee_id = ${body.assignee_id}
                              where id = ${id} and deal_id = ${ctx.dealId} returning id`;
        return rows.length > 0;
      });
    });
    return c.json(result);
  });

  app.post('/:dealId/questions/bulk-close', async (c) => {
    const body = await readJson(c, bulkCloseBody);
    const result = await withDeal(deps, c, (tx, ctx) =>
      bulk(tx, body.question_ids, async (sp, id) => {
        const rows = await sp`update public.questions set status = 'closed'
                              where id = ${id} and deal_id = ${ctx.dealId} and status <> 'closed' returning id`;
        return rows.length > 0;
      }),
    );
    return c.json(result);
  });

  return app;
}
