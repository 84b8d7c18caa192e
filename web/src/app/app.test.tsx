import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../lib/api/client';
import { stubFetch } from '../test/utils';
import { createQueryClient } from '../lib/query';
import { createNavigationPrefetch } from './app';

const DEAL = '11111111-1111-4111-8111-111111111111';
const FILE = '22222222-2222-4222-8222-222222222222';
const VIEWER = `/api/deals/${DEAL}/files/${FILE}/viewer`;

/** A location as the router gives it. */
const at = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return { pathname, search };
};

describe("the app's prefetch on navigation", () => {
  it("asks for the viewer's answer as a navigation to the viewer starts, not as its ?page= changes", async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const calls = stubFetch(() => undefined);
    const viewerAsks = () => calls.filter((call) => call.url.pathname === VIEWER).length;
    const navigate = createNavigationPrefetch(createQueryClient(), at(`/deals/${DEAL}/files/${FILE}/view`));
    expect(viewerAsks()).toBe(1);
    navigate(at(`/deals/${DEAL}/files/${FILE}/view?page=3`));
    expect(viewerAsks()).toBe(1);
    navigate(at(`/deals/${DEAL}/files`));
    expect(viewerAsks()).toBe(1);
    navigate(at(`/deals/${DEAL}/files/${FILE}/view`));
    expect(viewerAsks()).toBe(2);
  });

  it('asks for the checklist as the app opens on it and as a navigation to it starts, unless it is still fresh', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const calls = stubFetch(() => ({ categories: [] }));
    const checklistAsks = () => calls.filter((call) => call.url.pathname === `/api/deals/${DEAL}/checklist`).length;
    const queryClient = createQueryClient();
    const navigate = createNavigationPrefetch(queryClient, at(`/deals/${DEAL}/checklist`));
    expect(checklistAsks()).toBe(1);
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(['deals', 'detail', DEAL, 'checklist', 'list'])?.status).toBe('success'),
    );
    navigate(at(`/deals/${DEAL}/files`));
    navigate(at(`/deals/${DEAL}/checklist`));
    expect(checklistAsks()).toBe(1);
    await queryClient.invalidateQueries();
    navigate(at(`/deals/${DEAL}/files`));
    navigate(at(`/deals/${DEAL}/checklist`));
    expect(checklistAsks()).toBe(2);
  });

  it("asks for a deal and its dashboard's counts as the app opens on them, not again while they are fresh", async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const OTHER = '33333333-3333-4333-8333-333333333333';
    const SECOND = '44444444-4444-4444-8444-444444444444';
    const calls = stubFetch(({ url }) =>
      url.pathname.endsWith('/dashboard/stats') ? { files_total: 0 } : { id: url.pathname.split('/')[3] },
    );
    const count = (path: string) => calls.filter((call) => call.url.pathname === path).length;
    const navigate = createNavigationPrefetch(createQueryClient(), at(`/deals/${OTHER}`));
    expect(count(`/api/deals/${OTHER}`)).toBe(1);
    expect(count(`/api/deals/${OTHER}/dashboard/stats`)).toBe(1);
    await vi.waitFor(() => expect(count(`/api/deals/${OTHER}`)).toBe(1));
    navigate(at(`/deals/${OTHER}/activity`));
    navigate(at(`/deals/${OTHER}`));
    expect(count(`/api/deals/${OTHER}`)).toBe(1);
    expect(count(`/api/deals/${OTHER}/dashboard/stats`)).toBe(1);
    navigate(at(`/deals/${SECOND}/activity`));
    expect(count(`/api/deals/${SECOND}`)).toBe(1);
    navigate(at('/deals/not-a-deal'));
    expect(count('/api/deals/not-a-deal')).toBe(0);
  });
});
