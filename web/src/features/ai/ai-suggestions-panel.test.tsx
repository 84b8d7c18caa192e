import { fireEvent, screen, within } from '@testing-library/react';
import type { AiSuggestion } from '@contracts/ai';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { renderPage, stubFetch } from '../../test/utils';
import { AiSuggestionsPanel, SUGGESTIONS_SHOWN } from './components/ai-suggestions-panel';

const suggestion = (itemId: string, itemName: string, n: number): AiSuggestion => ({
  file_id: `${itemId}-f${n}`,
  file_name: `${itemName} file ${n}.pdf`,
  confidence: 80 - n,
  reasoning: 'matches',
  item_id: itemId,
  item_name: itemName,
  analysis_id: `an-${itemId}-${n}`,
  status: 'review',
});

describe('AI suggestions panel', () => {
  it('lists the first few files of an item, then "and N more", which shows them all and folds back', async () => {
    localStorage.setItem(TOKEN_KEY, 'ok');
    const many = Array.from({ length: 7 }, (_, n) => suggestion('i1', 'Audited accounts', n));
    const few = [suggestion('i2', 'Board minutes', 0), suggestion('i2', 'Board minutes', 1)];
    stubFetch(() => ({ suggestions_by_item: { i1: many, i2: few } }));
    renderPage(<AiSuggestionsPanel dealId="d1" />);
    const items = await screen.findAllByTestId('ai-suggestion-item');
    const [accounts, minutes] = items;
    expect(within(accounts).getAllByText(/^Audited accounts file/)).toHaveLength(SUGGESTIONS_SHOWN);
    fireEvent.click(within(accounts).getByRole('button', { name: `and ${7 - SUGGESTIONS_SHOWN} more` }));
    expect(within(accounts).getAllByText(/^Audited accounts file/)).toHaveLength(7);
    fireEvent.click(within(accounts).getByRole('button', { name: 'Show fewer' }));
    expect(within(accounts).getAllByText(/^Audited accounts file/)).toHaveLength(SUGGESTIONS_SHOWN);
    // Review still takes every file of the item, not only those shown.
    expect(within(accounts).getByRole('button', { name: 'Review 7 files' })).toBeTruthy();
    expect(within(minutes).getAllByText(/^Board minutes file/)).toHaveLength(2);
    expect(within(minutes).queryByRole('button', { name: /more$/ })).toBeNull();
  });
});
