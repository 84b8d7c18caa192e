import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ActivityEntry } from '@contracts/activity';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { formatRelativeTime } from '../../lib/format';
import { jsonResponse, renderRoutes, stubFetch } from '../../test/utils';
import ActivityPage from './activity-page';
import { activityTitle, filterActivities } from './logic';

const DEAL = '11111111-1111-4111-8111-111111111111';
const FILE = '22222222-2222-4222-8222-222222222222';
const ITEM = '33333333-3333-4333-8333-333333333333';
const QUESTION = '44444444-4444-4444-8444-444444444444';

function entry(n: number, patch: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    activity_type: 'checklist_update',
    description: `Entry ${n}`,
    metadata: {},
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, 0) - n * 1000).toISOString(),
    user_first_name: 'Ada',
    user_last_name: 'Lovelace',
    user_email: 'ada@example.com',
    cursor: `c${n}`,
    ...patch,
  };
}

function fakeApi(pages: Record<string, ActivityEntry[] | Response>) {
  const asked: string[] = [];
  stubFetch(({ url }) => {
    if (url.pathname === `/api/deals/${DEAL}`) return jsonResponse({ id: DEAL, name: 'Project Falcon', user_role: 'admin' });
    if (url.pathname === `/api/deals/${DEAL}/activity`) {
      const before = url.searchParams.get('before') ?? '';
      asked.push(before);
      const page = pages[before];
      return page instanceof Response ? page : jsonResponse(page ?? []);
    }
  });
  return asked;
}

function renderFeed() {
  localStorage.setItem(TOKEN_KEY, 'tok');
  return renderRoutes([{ path: '/deals/:dealId/activity', element: <ActivityPage /> }], `/deals/${DEAL}/activity`);
}

describe('activity titles and filtering', () => {
  it('titles each kind, and kinds added later by their words', () => {
    expect(activityTitle('upload')).toBe('File Uploaded');
    expect(activityTitle('login')).toBe('Signed In');
    expect(activityTitle('ai_suggestion_accepted')).toBe('Ai Suggestion Accepted');
  });

  it('filters by type and searches description, author and e-mail, ignoring case', () => {
    const entries = [
      entry(1, { activity_type: 'upload', description: 'Uploaded "SPA.pdf"' }),
      entry(2, {
        activity_type: 'login',
        description: 'Signed in',
        user_first_name: 'Grace',
        user_last_name: 'Hopper',
        user_email: 'grace@navy.mil',
      }),
      entry(3, { activity_type: 'download', description: 'Downloaded "SPA.pdf"' }),
    ];
    expect(filterActivities(entries, '', 'all')).toHaveLength(3);
    expect(filterActivities(entries, 'spa', 'all').map((e) => e.activity_type)).toEqual(['upload', 'download']);
    expect(filterActivities(entries, 'spa', 'download').map((e) => e.activity_type)).toEqual(['download']);
    expect(filterActivities(entries, 'HOPPER', 'all').map((e) => e.activity_type)).toEqual(['login']);
    expect(filterActivities(entries, 'navy.mil', 'login')).toHaveLength(1);
    expect(filterActivities(entries, 'nothing like it', 'all')).toEqual([]);
  });

  it('relative times: Just now under a minute, then minutes, hours, days up to 6, then a date', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const ago = (s: number) => new Date(now.getTime() - s * 1000).toISOString();
    expect(formatRelativeTime(ago(59), now)).toBe('Just now');
    expect(formatRelativeTime(ago(120), now)).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(6 * 86400), now)).toBe('6 days ago');
    expect(formatRelativeTime(ago(7 * 86400), now)).not.toMatch(/ago/);
  });
});

describe('ActivityPage', () => {
  it('lists entries with links to their file, folder and item, and loads older ones on demand', async () => {
    const first = Array.from({ length: 100 }, (_, i) => entry(i + 1));
    first[0] = entry(1, {
      activity_type: 'upload',
      description: 'Uploaded "SPA.pdf"',
      metadata: { file_id: FILE, path: '/Legal' },
    });
    first[1] = entry(2, { description: 'Approved A.1', metadata: { item_id: ITEM } });
    const asked = fakeApi({ '': first, c100: [entry(101, { description: 'The oldest entry' })] });
    renderFeed();
    expect(await screen.findByText('Uploaded "SPA.pdf"')).toBeInTheDocument();
    expect(screen.getByTestId('activity-count')).toHaveTextContent('100 activities');
    const upload = screen.getAllByTestId('activity-entry')[0];
    expect(within(upload).getByText('File Uploaded')).toBeInTheDocument();
    expect(within(upload).getByText(/Ada Lovelace/)).toBeInTheDocument();
    expect(within(upload).getByRole('link', { name: 'Open file' })).toHaveAttribute('href', `/deals/${DEAL}/files/${FILE}`);
    expect(within(upload).getByRole('link', { name: '/Legal' }).getAttribute('href')).toContain(`/deals/${DEAL}/`);
    expect(within(screen.getAllByTestId('activity-entry')[1]).getByRole('link', { name: 'Open checklist item' })).toHaveAttribute(
      'href',
      `/deals/${DEAL}/checklist/items/${ITEM}`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Load older activity' }));
    expect(await screen.findByText('The oldest entry')).toBeInTheDocument();
    expect(asked).toEqual(['', 'c100']);
    expect(screen.getByTestId('activity-count')).toHaveTextContent('101 activities');
    // A short page is the end of the feed.
    expect(screen.queryByRole('button', { name: 'Load older activity' })).not.toBeInTheDocument();
  });

  it('searches and filters the loaded entries, with "No activities found" when nothing matches', async () => {
    fakeApi({
      '': [
        entry(1, { activity_type: 'upload', description: 'Uploaded "SPA.pdf"' }),
        entry(2, { activity_type: 'login', description: 'Signed in' }),
      ],
    });
    renderFeed();
    await screen.findByText('Signed in');
    fireEvent.change(screen.getByLabelText('Activity type'), { target: { value: 'login' } });
    expect(screen.queryByText('Uploaded "SPA.pdf"')).not.toBeInTheDocument();
    expect(screen.getByTestId('activity-count')).toHaveTextContent('1 of 2 activities');
    fireEvent.change(screen.getByLabelText('Search activity'), { target: { value: 'spa' } });
    expect(screen.getByText('No activities found')).toBeInTheDocument();
  });

  it('shows Q&A entries with a link to the question, and "A bidder" where the API leaves out who asked', async () => {
    fakeApi({
      '': [
        entry(1, { activity_type: 'answer', description: 'Answered "Capex plan"', metadata: { question_id: QUESTION } }),
        entry(2, {
          activity_type: 'question',
          description: 'Asked "Capex plan"',
          metadata: { question_id: QUESTION },
          user_first_name: null,
          user_last_name: null,
          user_email: null,
        }),
      ],
    });
    renderFeed();
    await screen.findByText('Asked "Capex plan"');
    const [answer, question] = screen.getAllByTestId('activity-entry');
    expect(within(answer).getByText('Answer Released')).toBeInTheDocument();
    expect(within(question).getByText('Question Asked')).toBeInTheDocument();
    expect(within(question).getByText(/A bidder/)).toBeInTheDocument();
    expect(within(question).getByRole('link', { name: 'Open question' })).toHaveAttribute(
      'href',
      `/deals/${DEAL}/qna/${QUESTION}`,
    );
    fireEvent.change(screen.getByLabelText('Activity type'), { target: { value: 'question' } });
    expect(screen.getAllByTestId('activity-entry')).toHaveLength(1);
  });

  it('says when the feed is empty, and when it cannot be loaded', async () => {
    fakeApi({ '': [] });
    const view = renderFeed();
    expect(await screen.findByText('No activities found')).toBeInTheDocument();
    view.unmount();

    fakeApi({ '': jsonResponse({ detail: 'Something went wrong on our side. Please try again.' }, 500) });
    renderFeed();
    await waitFor(() => expect(screen.getAllByText('Failed to load activity feed').length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
