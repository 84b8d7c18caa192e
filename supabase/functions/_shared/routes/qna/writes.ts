import type { QnaBulkResult } from '../../contracts/qna.ts';
import type { DealContext } from '../../deal-scope.ts';
import type { Tx } from '../../db.ts';
import { isDatabaseUnavailable } from '../../errors.ts';

/** Links files the caller sees to a question or an answer (RLS refuses any other file). */
export async function attach(tx: Tx, ctx: DealContext, questionId: string, fileIds: string[], answerId: string | null) {
  for (const fileId of new Set(fileIds)) {
    await tx`insert into public.question_attachments (question_id, answer_id, deal_id, file_id, added_by)
             values (${questionId}, ${answerId}, ${ctx.dealId}, ${fileId}, ${ctx.userId})
             on conflict (question_id, file_id) do nothing`;
  }
}

/** Each id in its own savepoint: a refusal fails that question only. */
export async function bulk(tx: Tx, ids: string[], work: (sp: Tx, id: string) => Promise<boolean>): Promise<QnaBulkResult> {
  let success = 0;
  for (const id of new Set(ids)) {
    try {
      if ((await tx.savepoint((sp) => work(sp as unknown as Tx, id))) as boolean) success++;
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
    }
  }
  return { success_count: success, failed_count: ids.length - success };
}
