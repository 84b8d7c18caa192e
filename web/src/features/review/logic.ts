import type { ReviewRow } from '@contracts/review';
import { APPROVAL_LABELS, APPROVAL_PALETTES, approvalState } from '../../components/approval-badge';

/** Completeness bar colour (docs/product.md §9): green at 100%, yellow at 50% or more, red above 0, grey at 0. */
export function completenessPalette(completeness: number): 'green' | 'yellow' | 'red' | 'gray' {
  if (completeness >= 1) return 'green';
  if (completeness >= 0.5) return 'yellow';
  if (completeness > 0) return 'red';
  return 'gray';
}

/** Any status the screen does not know reads as pending (docs/product.md §4); one vocabulary everywhere. */
export const reviewStatus = (status: string): { label: string; palette: string } => {
  const state = approvalState(status);
  return { label: APPROVAL_LABELS[state], palette: APPROVAL_PALETTES[state] };
};

export const rowTitle = (row: ReviewRow) => (row.kind === 'file' ? row.name : row.title);

export type KeyAction =
  'approve' | 'request-changes' | 'approve-selected' | 'request-changes-selected' | 'down' | 'up' | 'search';

/** Whether the key press happens while typing (in a field, a select or editable text): shortcuts stay off. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((el as HTMLInputElement).type);
  return ['TEXTAREA', 'SELECT'].includes(el.tagName) || el.isContentEditable;
}

/**
 * The queue's keyboard map (docs/product.md §2 Review queue): A approves the highlighted row, R requests
 * changes on it, J and K move, Shift+A and Shift+R act on the selection, F focuses the search.
 */
export function keyAction(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): KeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  switch (event.key.toLowerCase()) {
    case 'a':
      return event.shiftKey ? 'approve-selected' : 'approve';
    case 'r':
      return event.shiftKey ? 'request-changes-selected' : 'request-changes';
    case 'j':
      return event.shiftKey ? null : 'down';
    case 'k':
      return event.shiftKey ? null : 'up';
    case 'f':
      return event.shiftKey ? null : 'search';
    default:
      return null;
  }
}
