/**
 * Live events from the API's Server-Sent Events stream, `GET /deals/{id}/events` (the embedded server;
 * docs/decisions.md decision 18). Reconnects after a drop; stops where the server has no live events or
 * the reader may not have them (the pages' own polling carries on).
 */
import { api, ApiError } from '../../../lib/api/client';
import type { DealEvent, LiveEvents } from './live-events';
import { dealPath } from '../../../lib/api/deal-path';

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

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

function parseEvent(dealId: string, type: string, data: string): DealEvent {
  try {
    const event = JSON.parse(data) as Partial<DealEvent>;
    if (event && typeof event === 'object' && typeof event.type === 'string')
      return { ...event, deal_id: dealId, type: event.type };
  } catch {
    // An unreadable event still says something changed.
  }
  return { deal_id: dealId, type };
}

export function sseEvents(): LiveEvents {
  return {
    kind: 'sse',
    subscribe(dealId, onEvent) {
      const controller = new AbortController();
      const run = async () => {
        let failures = 0;
        while (!controller.signal.aborted) {
          try {
            const reader = await api.stream(`${dealPath(dealId)}/events`, controller.signal);
            failures = 0;
            const decoder = new TextDecoder();
            let buffer = '';
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              const parsed = parseEventStream(buffer + decoder.decode(value, { stream: true }));
              buffer = parsed.rest;
              for (const e of parsed.events) if (e.event !== 'ready') onEvent(parseEvent(dealId, e.event, e.data));
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
      return () => controller.abort();
    },
  };
}
