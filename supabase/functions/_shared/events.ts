/**
 * The Events port (docs/architecture.md "Live status"): the database announces changes on the
 * `deal_events` NOTIFY channel (AI status, file changes, Q&A); one LISTEN per process fans them out to the open
 * event streams. Each stream checks, per event, that its reader may see the file (or the question) before passing it on.
 */
import type { Db } from './db.ts';
import type { Logger } from './logger.ts';
import { errorFields } from './logger.ts';

export interface DealEvent {
  deal_id: string;
  type: string;
  file_id?: string;
  ai_status?: string;
  /** A `qna` event's question (decision 51): passed on to those who may see it. */
  question_id?: string;
  /** A draft answer's change: for the answering side only. */
  answering_only?: boolean;
}

export interface EventsPort {
  /** Calls `listener` with every event until the returned function is called. */
  subscribe(listener: (event: DealEvent) => void): () => void;
}

export interface ListeningEvents extends EventsPort {
  close(): Promise<void>;
}

/** One LISTEN on `deal_events` shared by every subscriber of this process. */
export function listenDealEvents(sql: Db, log: Logger): ListeningEvents {
  const listeners = new Set<(event: DealEvent) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  let closed = false;
  void sql
    .listen('deal_events', (payload) => {
      let event: DealEvent;
      try {
        event = JSON.parse(payload) as DealEvent;
      } catch {
        return;
      }
      if (typeof event?.deal_id !== 'string' || typeof event.type !== 'string') return;
      for (const listener of listeners) listener(event);
    })
    .then((listener) => {
      unlisten = () => listener.unlisten();
      if (closed) void listener.unlisten();
    })
    .catch((err) => log.error('live events are off: LISTEN deal_events failed', errorFields(err)));
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      await unlisten?.().catch(() => {});
    },
  };
}
