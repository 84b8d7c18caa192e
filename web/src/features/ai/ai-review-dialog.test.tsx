import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AiAnalysis } from '@contracts/ai';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderPage, stubFetch } from '../../test/utils';
import { parseEventStream } from './api/deal-events';
import { AiReviewDialog } from './components/ai-review-dialog';
import { confidenceColor, confidenceLabel } from './confidence';

const DEAL = 'd1';
const ITEM_A = 'aaaaaaaa-1111-4111-8111-111111111111';
const ITEM_B = 'bbbbbbbb-2222-4222-8222-222222222222';

const analysis = (fileId: string, over: Partial<AiAnalysis> = {}): AiAnalysis => ({
  analysis_id: `an-${fileId}`,
  file_id: fileId,
  file_name: `${fileId}.pdf`,
  status: 'review',
  provider: 'builtin',
  version_number: 1,
  recommended_item: { id: ITEM_A, name: 'Audited financial statements', category: 'Financial' },
  category: 'Financial',
  confidence: 72,
  reasoning: 'The text says "independent auditor".',
  candidates: [
    { item_id: ITEM_A, item_name: 'Audited financial statements', category: 'Financial', confidence: 72, reasoning: 'auditor' },
    { item_id: ITEM_B, item_name: 'Tax returns', category: 'Tax', confidence: 40, reasoning: 'tax' },
  ],
  ai_tags: [],
  extraction: 'full',
  chosen_item_id: null,
  created_at: '2026-01-01T00:00:00Z',
  decided_at: null,
  can_decide: true,
  ...over,
});

function fakeApi(
  analyses: Record<string, AiAnalysis | null>,
  action: (body: any, fileId: string) => Response = () => jsonResponse({ ai_status: 'approved' }),
) {
  return stubFetch(({ url, body }) => {
    const m = /\/files\/([^/]+)\/ai-analysis(\/action)?$/.exec(url.pathname);
    if (m && m[2]) return action(body, m[1]);
    if (m) return analyses[m[1]] ?? { message: 'No AI analysis exists for this file yet.' };
    if (url.pathname.endsWith('/checklist/items')) {
      return [
        { id: ITEM_A, item_id: 'A.1', name: 'Audited financial statements', category: 'Financial' },
        { id: ITEM_B, item_id: 'B.1', name: 'Tax returns', category: 'Tax' },
      ];
    }
  });
}

function show(fileIds: string[]) {
  localStorage.setItem(TOKEN_KEY, 'tok');
  const onClose = vi.fn();
  renderPage(<AiReviewDialog dealId={DEAL} fileIds={fileIds} open onClose={onClose} />);
  return onClose;
}

describe('AI confidence', () => {
  it('is green from 80, yellow from 60, red below; 100 reads Provided; fractions are percentages', () => {
    expect([confidenceColor(80), confidenceColor(79), confidenceColor(60), confidenceColor(59)]).toEqual([
      'green',
      'yellow',
      'yellow',
      'red',
    ]);
    expect([confidenceColor(0.8), confidenceColor(0.6), confidenceColor(0.2)]).toEqual(['green', 'yellow', 'red']);
    expect([
      confidenceLabel(100),
      confidenceLabel(0.995),
      confidenceLabel(86),
      confidenceLabel(1),
      confidenceLabel(0),
      confidenceLabel(null),
    ]).toEqual(['Provided', 'Provided', '86%', '1%', '0%', null]);
  });
});

describe('AI Analysis Review modal', () => {
  it('shows one suggestion at a time, accepts, then overrides through the ticked box, and closes after the last', async () => {
    const calls = fakeApi({ f1: analysis('f1'), f2: analysis('f2', { confidence: 100 }) });
    const onClose = show(['f1', 'f2']);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Suggestion 1 of 2')).toBeInTheDocument();
    expect(await within(dialog).findByTestId('ai-recommended')).toHaveTextContent('Audited financial statements');
    expect(within(dialog).getByText('72%')).toHaveAttribute('data-confidence', 'yellow');
    expect(within(dialog).getByText('Tax returns · Tax')).toBeInTheDocument();
    // The item select shows only once its box is ticked.
    expect(within(dialog).queryByLabelText('Checklist item')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept suggestion' }));
    expect(await screen.findByText('AI suggestion accepted successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.key === `POST /api/deals/${DEAL}/files/f1/ai-analysis/action`)?.body).toEqual({
      action: 'accept',
    });

    expect(await within(dialog).findByText('Suggestion 2 of 2')).toBeInTheDocument();
    expect(await within(dialog).findByText('Provided')).toHaveAttribute('data-confidence', 'green');
    fireEvent.click(within(dialog).getByText('Link to a different checklist item'));
    const select = await within(dialog).findByLabelText('Checklist item');
    const link = within(dialog).getByRole('button', { name: 'Link to chosen item' });
    expect(link).toBeDisabled();
    await within(dialog).findByRole('option', { name: 'B.1 Tax returns (Tax)' });
    fireEvent.change(select, { target: { value: ITEM_B } });
    fireEvent.click(link);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.key === `POST /api/deals/${DEAL}/files/f2/ai-analysis/action`)?.body).toEqual({
      action: 'override',
      override_item_id: ITEM_B,
    });
    expect(await screen.findByText('AI suggestion overridden successfully')).toBeInTheDocument();
  });

  it('dismisses and tries again with their own toasts; a failure keeps the suggestion and says why', async () => {
    let fail = true;
    const calls = fakeApi({ f1: analysis('f1'), f2: analysis('f2') }, (body) => {
      if (fail) {
        fail = false;
        return jsonResponse({ detail: 'This deal is archived' }, 409);
      }
      return jsonResponse({ ai_status: body.action === 'try_again' ? 'queued' : 'completed' });
    });
    const onClose = show(['f1', 'f2']);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Failed to dismiss AI suggestion')).toBeInTheDocument();
    expect(screen.getByText('This deal is archived')).toBeInTheDocument();
    expect(within(dialog).getByText('Suggestion 1 of 2')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('AI suggestion dismissed successfully')).toBeInTheDocument();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.key.endsWith('/action')).map((c) => c.body.action)).toEqual(['dismiss', 'dismiss', 'try_again']);
  });

  it('lets a reader without the right see the suggestion but not act, and says when nothing waits', async () => {
    fakeApi({ f1: analysis('f1', { can_decide: false }), f2: null });
    show(['f1', 'f2']);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('ai-reasoning')).toHaveTextContent('independent auditor');
    expect(within(dialog).queryByRole('button', { name: 'Accept suggestion' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Nothing to review')).toBeInTheDocument();
    expect(within(dialog).getByText('The AI has not analysed this file yet.')).toBeInTheDocument();
  });
});

describe('deal event stream', () => {
  it('splits complete events, keeps the unfinished rest, and skips comments', () => {
    const { events, rest } = parseEventStream(
      'event: ready\ndata: {}\n\n: keep-alive\n\nevent: ai_status\ndata: {"file_id":"f1"}\n\nevent: ai_st',
    );
    expect(events).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'ai_status', data: '{"file_id":"f1"}' },
    ]);
    expect(rest).toBe('event: ai_st');
  });
});
