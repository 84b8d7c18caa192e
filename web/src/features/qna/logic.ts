import type { QuestionPriority, QuestionRow, QuestionStatus } from '@contracts/qna';

export const STATUS_LABELS: Record<QuestionStatus, { label: string; palette: string }> = {
  open: { label: 'Open', palette: 'blue' },
  answered: { label: 'Answered', palette: 'green' },
  closed: { label: 'Closed', palette: 'gray' },
};

export const PRIORITY_LABELS: Record<QuestionPriority, { label: string; palette: string }> = {
  low: { label: 'Low', palette: 'gray' },
  normal: { label: 'Normal', palette: 'blue' },
  high: { label: 'High', palette: 'red' },
};

/** What a question is about, as one line. */
export function aboutText(row: Pick<QuestionRow, 'scope' | 'file_name' | 'item_name'>): string {
  if (row.scope === 'file') return row.file_name ?? 'A file';
  if (row.scope === 'item') return row.item_name ?? 'A checklist item';
  return 'The deal';
}

export type QnaKeyAction = 'down' | 'up' | 'open' | 'select' | 'search';

/** Whether the key press happens while typing (in a field, a select or editable text): shortcuts stay off. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((el as HTMLInputElement).type);
  return ['TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(el.tagName) || el.isContentEditable;
}

/**
 * The list's keyboard map, as the review queue's: J and K move, Enter opens the highlighted question,
 * X selects it, F focuses the search.
 */
export function qnaKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): QnaKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || isTyping(event.target)) return null;
  switch (event.key.toLowerCase()) {
    case 'j':
      return 'down';
    case 'k':
      return 'up';
    case 'enter':
      return 'open';
    case 'x':
      return 'select';
    case 'f':
      return 'search';
    default:
      return null;
  }
}
