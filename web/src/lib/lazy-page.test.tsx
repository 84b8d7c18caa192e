import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadRoute, setPreloadRoutes } from './lazy-page';

const page = (text: string) => ({ default: () => <p>{text}</p> });

describe('pages loaded ahead', () => {
  it("loads a page's code once, whether asked for ahead by its path or on render", async () => {
    const load = vi.fn(async () => page('Checklist page'));
    const Checklist = lazyPage(load);
    const other = vi.fn(async () => page('Other page'));
    const Other = lazyPage(other);
    setPreloadRoutes([
      {
        path: '/deals/:dealId',
        children: [
          { path: 'checklist', element: <Checklist /> },
          { path: 'other', element: <Other /> },
        ],
      },
    ]);
    preloadRoute('/deals/d1/checklist');
    preloadRoute('/deals/d1/checklist');
    preloadRoute('/nowhere');
    expect(load).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Checklist />
      </Suspense>,
    );
    expect(await screen.findByText('Checklist page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValue(page('Loaded at last'));
    const Flaky = lazyPage(load);
    setPreloadRoutes([{ path: '/flaky', element: <Flaky /> }]);
    preloadRoute('/flaky');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Flaky />
      </Suspense>,
    );
    expect(await screen.findByText('Loaded at last')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders a page whose code has arrived at once, without its fallback (React holds a suspended page back 300 ms)', async () => {
    const Ready = lazyPage(async () => page('Ready page'));
    setPreloadRoutes([{ path: '/ready', element: <Ready /> }]);
    await preloadRoute('/ready');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Ready />
      </Suspense>,
    );
    expect(screen.getByText('Ready page')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it("settles a route's preload once its pages' code has arrived, or failed", async () => {
    let arrive: (module: ReturnType<typeof page>) => void = () => {};
    const Slow = lazyPage(() => new Promise<ReturnType<typeof page>>((resolve) => (arrive = resolve)));
    const Broken = lazyPage(() => Promise.reject(new Error('chunk gone')));
    setPreloadRoutes([{ path: '/slow', element: <Slow />, children: [{ path: 'broken', element: <Broken /> }] }]);
    let settled = false;
    const preload = preloadRoute('/slow/broken').then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false);
    arrive(page('Slow page'));
    await preload;
    expect(settled).toBe(true);
  });
});
