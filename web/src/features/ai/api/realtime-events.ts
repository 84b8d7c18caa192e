/**
 * Live events through Supabase Realtime (docs/decisions.md decision 32): the person joins the private
 * channel `deal:<deal>:user:<person>`, which row-level security on realtime.messages lets only them
 * join, and only while a member of the deal; database triggers broadcast to it the events of the files
 * they can see. supabase-js is loaded only when live status starts, so the embedded build never
 * downloads it. The access token is the API's own (GoTrue's on Supabase), read on connect and on each
 * heartbeat, so a renewed token reaches the channel; a channel refused or closed (an expired token)
 * is joined again after renewing the token, with growing pauses.
 */
import type { RealtimeChannel, RealtimeClientOptions, SupabaseClient } from '@supabase/supabase-js';
import { getToken, renewSession } from '../../../lib/api/client';
import type { DealEvent, LiveEvents } from './live-events';

export const dealTopic = (dealId: string, userId: string) => `deal:${dealId}:user:${userId}`;

/** The deal event a broadcast carries, or null for a message of another deal or of another shape. */
export function eventFromBroadcast(dealId: string, message: { event?: unknown; payload?: unknown }): DealEvent | null {
  const payload = message.payload as Record<string, unknown> | null | undefined;
  if (!payload || typeof payload !== 'object' || payload.deal_id !== dealId || typeof payload.type !== 'string') return null;
  const event: DealEvent = { deal_id: dealId, type: payload.type };
  if (typeof payload.file_id === 'string') event.file_id = payload.file_id;
  if (typeof payload.ai_status === 'string') event.ai_status = payload.ai_status;
  if (typeof payload.question_id === 'string') event.question_id = payload.question_id;
  return event;
}

/** The claims of a JWT as the browser holds it (read only to name the topic and see expiry; the server verifies). */
export function tokenClaims(token: string | null): { sub?: string; exp?: number } {
  try {
    const part = token?.split('.')[1];
    if (!part) return {};
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as { sub?: unknown; exp?: unknown };
    return {
      sub: typeof claims.sub === 'string' ? claims.sub : undefined,
      exp: typeof claims.exp === 'number' ? claims.exp : undefined,
    };
  } catch {
    return {};
  }
}

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** A token this close to its end is renewed before a join, which Realtime would otherwise refuse. */
const RENEW_BEFORE_MS = 30_000;

export interface RealtimeEventsOptions {
  url: string;
  anonKey: string;
  /** Options of supabase-js's Realtime client (the tests give it their WebSocket). */
  realtime?: RealtimeClientOptions;
}

export function realtimeEvents(options: RealtimeEventsOptions): LiveEvents {
  let client: Promise<SupabaseClient> | undefined;
  const connect = () =>
    (client ??= import('@supabase/supabase-js')
      .then(({ createClient }) =>
        createClient(options.url, options.anonKey, {
          accessToken: async () => getToken(),
          realtime: options.realtime,
        }),
      )
      .catch((error: unknown) => {
        client = undefined; // the chunk could not be loaded (offline): the next join tries again
        throw error;
      }));

  return {
    kind: 'realtime',
    subscribe(dealId, onEvent) {
      let stopped = false;
      let failures = 0;
      let current: RealtimeChannel | undefined;
      let retry: ReturnType<typeof setTimeout> | undefined;

      const leave = async (channel: RealtimeChannel | undefined) => {
        if (channel) await (await connect()).removeChannel(channel).catch(() => undefined);
      };
      // Once the old channel has left (supabase-js would hand back a channel of the same topic until then).
      const again = (channel: RealtimeChannel | undefined) => {
        if (stopped || channel !== current) return;
        current = undefined;
        void leave(channel).finally(() => {
          if (!stopped)
            retry = setTimeout(
              () => void join().catch(() => again(undefined)),
              RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)],
            );
        });
      };
      const join = async () => {
        let token = getToken();
        const { exp } = tokenClaims(token);
        if (exp !== undefined && exp * 1000 < Date.now() + RENEW_BEFORE_MS && (await renewSession(token))) token = getToken();
        const { sub } = tokenClaims(token);
        // Signed out: there is no channel to join (the app goes to the sign-in page on its own).
        if (stopped || !sub) return;
        const supabase = await connect();
        if (stopped) return;
        const channel = supabase.channel(dealTopic(dealId, sub), { config: { private: true } });
        current = channel;
        channel
          .on('broadcast', { event: '*' }, (message) => {
            const event = eventFromBroadcast(dealId, message);
            if (event) onEvent(event);
          })
          .subscribe((status) => {
            if (status === 'SUBSCRIBED') failures = 0;
            else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' || status === 'CLOSED') again(channel);
          });
      };

      void join().catch(() => again(undefined));
      return () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        const channel = current;
        current = undefined;
        void leave(channel);
      };
    },
  };
}
