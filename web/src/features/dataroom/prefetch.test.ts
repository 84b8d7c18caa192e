import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { stubFetch } from '../../test/utils';
import { fetchListing } from './api/list-folder';
import { prefetchListingFor, takePrefetchedListing } from './prefetch';

const FILE_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** Every request answers a listing of /A B; the paths (with their query) asked for, in order. */
function fakeListing() {
  const calls = stubFetch(() => ({ path: '/A B', folders: [], files: [], breadcrumbs: [], capabilities: [] }), {
    signedIn: false,
  });
  return () => calls.map((call) => call.url.pathname + call.url.search);
}

afterEach(() => {
  takePrefetchedListing('d1', '/A B');
  takePrefetchedListing('d1', '/');
});

describe('listing prefetch at start-up', () => {
  it('requests the folder of a path-based URL once and hands it to the page once', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const urls = fakeListing();
    prefetchListingFor('/deals/d1/files/A%20B');
    expect(urls()).toEqual(['/api/deals/d1/files?path=%2FA+B&limit=200']);
    const listing = await fetchListing('d1', '/A B');
    expect(listing.path).toBe('/A B');
    expect(urls()).toHaveLength(1);
    await fetchListing('d1', '/A B');
    expect(urls()).toHaveLength(2);
  });

  it('leaves file pages, their viewer, id links and signed-out visitors alone', () => {
    const urls = fakeListing();
    prefetchListingFor('/deals/d1/files');
    expect(urls()).toEqual([]);
    localStorage.setItem(TOKEN_KEY, 'tok');
    prefetchListingFor(`/deals/d1/files/${FILE_ID}`);
    prefetchListingFor(`/deals/d1/files/${FILE_ID}/view`);
    prefetchListingFor('/deals/d1/data-room/folder/abc');
    prefetchListingFor('/deals/d1/checklist');
    expect(urls()).toEqual([]);
    prefetchListingFor('/deals/d1/data-room');
    expect(urls()).toEqual(['/api/deals/d1/files?path=%2F&limit=200']);
  });
});
