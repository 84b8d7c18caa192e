import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, ApiError } from '../../../lib/api';
import { dealKeys } from '../../../lib/deal';

export interface DealEvent {
  deal_id: string;
  type: string;
  file_id?: string;
  ai_status?: string;
}

/** Splits an event-stream text into complete events; returns them and the unfinished rest. */
export function parseEventStream(text: string): { events: { event: string; data: string }[]; rest: string } {
  const events: { event: string; data: string }[] = [];
  const blocks = text.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

const REFRESH_AFTER_MS = 400;
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Live AI status (docs/architecture.md "Live status"): reads GET /deals/{id}/events and refreshes the
 * deal's queries when a file's AI status changes, so badges, dashboard counts and the review list move
 * without a reload. Reconnects after a drop; stops where the server has no live events (the pages'
 * own polling carries on).
 */
export function useDealEvents(dealId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!dealId) return;
    const controller = new AbortController();
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const scheduleRefresh = () => {
      if (refresh) return;
      refresh = setTimeout(() => {
        refresh = undefined;
        void queryClient.invalidateQueries({ queryKey: dealKeys.scoped(dealId), refetchType: 'active' });
      }, REFRESH_AFTER_MS);
    };
    const run = async () => {
      let failures = 0;
      while (!controller.signal.aborted) {
        try {
          const reader = await api.stream(`/deals/${encodeURIComponent(dealId)}/events`, controller.signal);
          failures = 0;
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const parsed = parseEventStream(buffer + decoder.decode(value, { stream: true }));
            buffer = parsed.rest;
            if (parsed.events.some((e) => e.event !== 'ready')) scheduleRefresh();
          }
        } catch (error) {
          if (controller.signal.aborted) return;
          // No live events here (501), no longer a member (404) or signed out (401): stop trying.
          if (error instanceof ApiError && error.status && [401, 403, 404, 501].includes(error.status)) return;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]));
      }
    };
    void run();
    return () => {
      controller.abort();
      if (refresh) clearTimeout(refresh);
    };
  }, [dealId, queryClient]);
}
