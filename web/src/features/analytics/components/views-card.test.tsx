import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api/client';
import { jsonResponse, renderPage, stubApi } from '../../../test/utils';
import { ViewsCard } from './views-card';

const NOW = new Date('2026-12-04T12:00:00Z');
const URL_PATH = '/api/deals/d1/files/f1/views';

function fakeViews(answer: () => Response) {
  return stubApi({ [`GET ${URL_PATH}`]: answer }, { signedIn: false });
}

function show() {
  localStorage.setItem(TOKEN_KEY, 'tok');
  return renderPage(<ViewsCard dealId="d1" fileId="f1" now={NOW} />);
}

describe('ViewsCard', () => {
  it('lists who viewed the file: how often, how long in all, and when last', async () => {
    fakeViews(() =>
      jsonResponse({
        viewers: [
          {
            user_id: 'u2',
            name: 'Rita Reader',
            email: 'rita@example.com',
            views: 3,
            seconds: 185,
            last_viewed_at: '2026-12-04T11:00:00Z',
          },
          {
            user_id: 'u3',
            name: 'bob@example.com',
            email: 'bob@example.com',
            views: 1,
            seconds: 0,
            last_viewed_at: '2026-12-01T12:00:00Z',
          },
        ],
      }),
    );
    show();
    const rows = await screen.findAllByTestId('viewer-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Rita Reader')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('3 views · 3m 5s');
    expect(rows[0]).toHaveTextContent('Last viewed 1 hour ago');
    expect(rows[1]).toHaveTextContent('1 view · 0s');
    expect(screen.getByRole('heading', { name: 'Views' })).toBeInTheDocument();
  });

  it('says so when nobody has opened the file', async () => {
    fakeViews(() => jsonResponse({ viewers: [] }));
    show();
    expect(await screen.findByText('Nobody has opened this file yet.')).toBeInTheDocument();
  });

  it('shows a refusal or a failure inside the card', async () => {
    fakeViews(() => jsonResponse({ detail: 'no' }, 403));
    const first = show();
    expect(await screen.findByRole('alert')).toHaveTextContent("You don't have permission to see who viewed this file.");
    first.unmount();
    fakeViews(() => jsonResponse({ detail: 'The database is unavailable right now.' }, 503));
    show();
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('The database is unavailable right now.');
  });
});
