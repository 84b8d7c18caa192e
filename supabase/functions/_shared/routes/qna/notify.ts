/**
 * Q&A by mail (docs/decisions.md decision 51), sent once the change is committed: a new question to the
 * answering side, a question assigned to its assignee, a released answer to the asker's group. The
 * recipients are those the database says may see the question (private.question_audience, asked as each
 * member on the server's connection), never the person who acted. A mail names the deal and the
 * question's title and links to its page: never an answer's text, never who asked. A mail that cannot be
 * sent is logged; the change it reports stands.
 */
import type { ApiDeps } from '../../context.ts';
import { consoleLogger, errorFields } from '../../logger.ts';

export type QnaMailKind = 'asked' | 'assigned' | 'answered';

interface Recipient {
  email: string;
  deal_name: string;
  title: string;
}

function recipients(deps: ApiDeps, kind: QnaMailKind, dealId: string, questionId: string, actorId: string) {
  return deps.sql<Recipient[]>`
    select distinct u.email, d.name as deal_name, q.title
    from private.question_audience(${dealId}, ${questionId}) a
    join auth.users u on u.id = a.user_id
    join public.questions q on q.id = ${questionId}
    join public.deals d on d.id = q.deal_id
    where a.user_id <> ${actorId} and u.email is not null
      and case ${kind}
            when 'asked' then a.answers
            when 'assigned' then a.answers and a.user_id = q.assignee_id
            else a.asks
          end
    order by u.email`;
}

function message(kind: QnaMailKind, r: Recipient, link: string) {
  const subject =
    kind === 'asked'
      ? `New question in "${r.deal_name}"`
      : kind === 'assigned'
        ? `A question in "${r.deal_name}" was assigned to you`
        : `Your question in "${r.deal_name}" was answered`;
  const lead =
    kind === 'asked'
      ? 'A question was asked in the deal'
      : kind === 'assigned'
        ? 'A question was assigned to you in the deal'
        : 'An answer to your question was released in the deal';
  return { to: r.email, subject, body: `${lead} "${r.deal_name}":\n\n${r.title}\n\nOpen it in the data room:\n${link}` };
}

export async function mailQna(deps: ApiDeps, kind: QnaMailKind, dealId: string, questionId: string, actorId: string) {
  const log = deps.log ?? consoleLogger();
  try {
    const link = new URL(`/deals/${dealId}/qna/${questionId}`, deps.config.publicUrl).toString();
    const list = await recipients(deps, kind, dealId, questionId, actorId);
    const sent = await Promise.allSettled(list.map((r) => deps.mail.send(message(kind, r, link))));
    const failed = sent.filter((s) => s.status === 'rejected');
    if (failed.length)
      log.error('some Q&A mail could not be sent', {
        question_id: questionId,
        failed: failed.length,
        ...errorFields(failed[0]!.reason),
      });
  } catch (err) {
    log.error('Q&A mail could not be sent', { question_id: questionId, ...errorFields(err) });
  }
}
