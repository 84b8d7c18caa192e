import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../test/utils';
import { api } from './api/client';
import type { ReadMeta } from './query';
import { notify } from './toast';

function Reader({ meta }: { meta: ReadMeta }) {
  const read = useQuery({ queryKey: ['thing'], queryFn: ({ signal }) => api.get('/thing', { signal }), meta });
  return <p>{read.status}</p>;
}

describe('failed reads are reported in one place', () => {
  it("toasts the query's errorTitle with the server's detail", async () => {
    stubFetch(() => jsonResponse({ detail: 'The database is asleep' }, 500), { signedIn: false });
    renderPage(<Reader meta={{ errorTitle: 'Failed to load things' }} />);
    expect(await screen.findByText('Failed to load things')).toBeInTheDocument();
    expect(await screen.findByText('The database is asleep')).toBeInTheDocument();
  });

  it('says nothing for a status the screen shows as a state', async () => {
    stubFetch(() => jsonResponse({ detail: 'Not found' }, 404), { signedIn: false });
    const toast = vi.spyOn(notify, 'error');
    renderPage(<Reader meta={{ errorTitle: 'Failed to load things', quietStatuses: [404] }} />);
    // The cache reports a failure synchronously as the query turns to 'error', so by then a toast would have been asked for.
    expect(await screen.findByText('error')).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
  });
});
