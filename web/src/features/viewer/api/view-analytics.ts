import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api/client';
import { PageClock, type PageTime } from '../page-clock';
import { viewPagesPath, viewsPath } from './keys';

/** How often the time per page is sent while the document is open. */
export const FLUSH_MS = 5000;

interface ViewStarted {
  view_id: string;
}

/**
 * Records one open of a file and the time spent per page (docs/architecture.md "The viewer"): a view when the
 * document opens, then the time per page every 5 s while the tab is visible, and what is left when the tab is
 * hidden, closed or the viewer left, sent with `keepalive` so a closed tab loses at most a few seconds.
 * Every failure is silent: analytics never stand in the way of reading.
 */
export function useViewAnalytics({
  dealId,
  fileId,
  version,
  page,
  enabled,
}: {
  dealId: string;
  fileId: string;
  version: number | null;
  page: number;
  enabled: boolean;
}): void {
  const clockRef = useRef<PageClock | null>(null);
  const pageRef = useRef(page);

  useEffect(() => {
    if (!enabled || version === null) return;
    const clock = new PageClock();
    clock.setPage(pageRef.current);
    clockRef.current = clock;
    let viewId: string | null = null;
    let left = false;

    const send = (keepalive: boolean) => {
      if (!viewId) return;
      const pages: PageTime[] = clock.take();
      if (pages.length === 0) return;
      api.post(viewPagesPath(dealId, viewId), { pages }, { keepalive }).catch(() => undefined);
    };

    api
      .post<ViewStarted>(viewsPath(dealId, fileId), { version_number: version })
      .then((answer) => {
        viewId = answer?.view_id ?? null;
        if (left) send(true);
      })
      .catch(() => undefined);

    if (document.visibilityState !== 'hidden') clock.start();
    const timer = window.setInterval(() => send(false), FLUSH_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        clock.stop();
        send(true);
      } else {
        clock.start();
      }
    };
    const onPageHide = () => {
      clock.stop();
      send(true);
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      left = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      clock.stop();
      send(true);
      clockRef.current = null;
    };
  }, [dealId, fileId, version, enabled]);

  useEffect(() => {
    pageRef.current = page;
    clockRef.current?.setPage(page);
  }, [page]);
}
