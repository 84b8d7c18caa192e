/**
 * Live status (docs/architecture.md "Live status", docs/decisions.md decision 32): one interface over
 * the two ways a deal's events reach the web app, chosen when the app is built. Embedded: the API's
 * Server-Sent Events stream (`GET /deals/{id}/events`). On Supabase, where the build sets
 * `VITE_SUPABASE_URL` and `VITE_SUPABASE_ANON_KEY`: Realtime Broadcast on the person's private channel
 * of the deal. Either way an event only says that something changed; the pages refetch through the API.
 */
import { realtimeEvents } from './realtime-events';
import { sseEvents } from './sse-events';

export interface DealEvent {
  deal_id: string;
  type: string;
  file_id?: string;
  ai_status?: string;
  /** A `qna` event's question (docs/decisions.md decision 51). */
  question_id?: string;
}

export interface LiveEvents {
  readonly kind: 'sse' | 'realtime';
  /** Calls `onEvent` with each event of the deal until the returned function is called. */
  subscribe(dealId: string, onEvent: (event: DealEvent) => void): () => void;
}

export interface LiveEventsEnv {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
}

/** Realtime when the build names a Supabase project (both variables), else the API's stream. */
export function chooseLiveEvents(env: LiveEventsEnv): LiveEvents {
  const url = env.VITE_SUPABASE_URL?.trim();
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim();
  return url && anonKey ? realtimeEvents({ url, anonKey }) : sseEvents();
}

export const liveEvents: LiveEvents = chooseLiveEvents(import.meta.env as LiveEventsEnv);
