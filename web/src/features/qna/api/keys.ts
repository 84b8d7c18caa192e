import type { QuestionStatus } from '@contracts/qna';
import { dealKeys } from '../../../lib/api/deal';
import { dealPath } from '../../../lib/api/deal-path';

export interface QnaFilters {
  status: 'all' | QuestionStatus;
  scope: 'all' | 'deal' | 'file' | 'item';
  assignee?: string;
  file_id?: string;
  item_id?: string;
  search: string;
}

export const qnaBase = (dealId: string) => `${dealPath(dealId)}/questions`;

export const qnaKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'qna'),
  list: (dealId: string, filters: QnaFilters) => [...dealKeys.scoped(dealId, 'qna', 'list'), filters] as const,
  detail: (dealId: string, id: string) => dealKeys.scoped(dealId, 'qna', 'question', id),
  assignees: (dealId: string) => dealKeys.scoped(dealId, 'qna', 'assignees'),
  files: (dealId: string, q: string) => dealKeys.scoped(dealId, 'qna', 'files', q),
};

/**
 * While a Q&A screen is open it asks again this often: the fallback for when live events (a `qna` event
 * refreshes the deal's queries at once, docs/decisions.md decision 51) do not reach it.
 */
export const QNA_POLL_MS = 60_000;
