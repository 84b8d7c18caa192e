import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { useDealEvents } from './api/deal-events';
import { chooseLiveEvents, type DealEvent, type LiveEvents } from './api/live-events';
import { eventFromBroadcast, realtimeEvents } from './api/realtime-events';

const DEAL = '11111111-1111-4111-8111-111111111111';
const OTHER_DEAL = '22222222-2222-4222-8222-222222222222';
const USER = '33333333-3333-4333-8333-333333333333';
const FILE = '44444444-4444-4444-8444-444444444444';

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token =
  base64url({ alg: 'ES256', typ: 'JWT' }) + '.' + base64url({ sub: USER, exp: Math.floor(Date.now() / 1000) + 900 }) + '.sig';

/**
 * The WebSocket that supabase-js's Realtime client is given instead of the browser's: it records what
 * the client sends and answers as Realtime's server does (a join is accepted or refused, a heartbeat
 * acknowledged), and delivers broadcasts. Everything above the socket is supabase-js itself.
 */
class FakeRealtimeSocket {
  static sockets: FakeRealtimeSocket[] = [];
  static refuseJoins = 0;
  readyState = 0;
  binaryType = 'arraybuffer';
  sent: [string | null, string | null, string, string, Record<string, unknown>][] = [];
  onopen?: () => void;
  onmessage?: (event: { data: string }) => void;
  onclose?: (event: { code: number; reason: string }) => void;
  onerror?: (error: unknown) => void;

  constructor(readonly url: string) {
    FakeRealtimeSocket.sockets.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.();
    }, 0);
  }

  send(data: string) {
    const message = JSON.parse(data) as FakeRealtimeSocket['sent'][number];
    this.sent.push(message);
    const [joinRef, ref, topic, event] = message;
    if (event === 'phx_join') {
      const refused = FakeRealtimeSocket.refuseJoins > 0 && FakeRealtimeSocket.refuseJoins-- > 0;
      const response = refused
        ? { status: 'error', response: { reason: 'Unauthorized: You do not have permissions to read from this Channel topic' } }
        : { status: 'ok', response: { postgres_changes: [] } };
      this.reply([joinRef, ref, topic, 'phx_reply', response]);
    } else if (event === 'heartbeat' || event === 'access_token' || event === 'phx_leave') {
      this.reply([joinRef, ref, topic, 'phx_reply', { status: 'ok', response: {} }]);
    }
  }

  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }

  joins() {
    return this.sent.filter((m) => m[3] === 'phx_join');
  }

  broadcast(topic: string, event: string, payload: unknown) {
    this.reply([null, null, `realtime:${topic}`, 'broadcast', { type: 'broadcast', event, payload }]);
  }

  private reply(message: unknown[]) {
    setTimeout(() => this.onmessage?.({ data: JSON.stringify(message) }), 0);
  }
}

const socket = () => FakeRealtimeSocket.sockets.at(-1)!;
const realtime = () =>
  realtimeEvents({
    url: 'https://project.supabase.test',
    anonKey: 'anon-key',
    realtime: { transport: FakeRealtimeSocket as never },
  });

beforeEach(() => {
  FakeRealtimeSocket.sockets = [];
  FakeRealtimeSocket.refuseJoins = 0;
  localStorage.setItem(TOKEN_KEY, token);
});
describe('choosing the live events', () => {
  it('uses Realtime only when the build names a Supabase project and its key', () => {
    expect(chooseLiveEvents({}).kind).toBe('sse');
    expect(chooseLiveEvents({ VITE_SUPABASE_URL: 'https://project.supabase.co' }).kind).toBe('sse');
    expect(chooseLiveEvents({ VITE_SUPABASE_ANON_KEY: 'anon-key' }).kind).toBe('sse');
    expect(chooseLiveEvents({ VITE_SUPABASE_URL: ' ', VITE_SUPABASE_ANON_KEY: 'anon-key' }).kind).toBe('sse');
    expect(chooseLiveEvents({ VITE_SUPABASE_URL: 'https://project.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon-key' }).kind).toBe(
      'realtime',
    );
  });
});

describe('Realtime live events', () => {
  it('joins the person’s private channel of the deal with their token and passes on that deal’s events only', async () => {
    const events: DealEvent[] = [];
    const unsubscribe = realtime().subscribe(DEAL, (event) => events.push(event));
    await waitFor(() => expect(socket()?.joins()).toHaveLength(1));
    expect(socket().url).toContain('wss://project.supabase.test/realtime/v1/websocket');
    expect(socket().url).toContain('apikey=anon-key');
    const [, , topic, , payload] = socket().joins()[0];
    expect(topic).toBe(`realtime:deal:${DEAL}:user:${USER}`);
    expect(payload).toMatchObject({ config: { private: true }, access_token: token });

    socket().broadcast(`deal:${DEAL}:user:${USER}`, 'ai_status', { deal_id: OTHER_DEAL, type: 'ai_status', file_id: FILE });
    socket().broadcast(`deal:${DEAL}:user:${USER}`, 'ai_status', { nothing: 'of ours' });
    socket().broadcast(`deal:${DEAL}:user:${USER}`, 'ai_status', {
      deal_id: DEAL,
      type: 'ai_status',
      file_id: FILE,
      ai_status: 'review',
      id: 'message-id',
    });
    await waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toEqual({ deal_id: DEAL, type: 'ai_status', file_id: FILE, ai_status: 'review' });
    unsubscribe();
    await waitFor(() => expect(socket().sent.some((m) => m[3] === 'phx_leave')).toBe(true));
  });

  it('joins again after Realtime refuses the join', async () => {
    FakeRealtimeSocket.refuseJoins = 1;
    const unsubscribe = realtime().subscribe(DEAL, () => {});
    await waitFor(() => expect(FakeRealtimeSocket.sockets.flatMap((s) => s.joins())).toHaveLength(2), { timeout: 5000 });
    unsubscribe();
  });

  it('joins nothing without a signed-in person', () => {
    localStorage.clear();
    // Without a token the join gives up at once, before it loads supabase-js: no socket is ever made.
    const unsubscribe = realtime().subscribe(DEAL, () => {});
    expect(FakeRealtimeSocket.sockets).toHaveLength(0);
    unsubscribe();
  });
});

describe('useDealEvents', () => {
  it('refreshes the deal’s queries, and no other deal’s, when a broadcast arrives', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const keys = {
      dashboard: ['deals', 'detail', DEAL, 'dashboard'],
      file: ['deals', 'detail', DEAL, 'files', FILE],
      otherDeal: ['deals', 'detail', OTHER_DEAL, 'dashboard'],
      list: ['deals', 'list', 'active'],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { loaded: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const source: LiveEvents = realtime();
    const { unmount } = renderHook(() => useDealEvents(DEAL, source), { wrapper });
    await waitFor(() => expect(socket()?.joins()).toHaveLength(1));
    expect(queryClient.getQueryState(keys.dashboard)?.isInvalidated).toBe(false);

    socket().broadcast(`deal:${DEAL}:user:${USER}`, 'ai_status', {
      deal_id: DEAL,
      type: 'ai_status',
      file_id: FILE,
      ai_status: 'review',
    });
    await waitFor(() => expect(queryClient.getQueryState(keys.dashboard)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(keys.file)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(keys.otherDeal)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(keys.list)?.isInvalidated).toBe(false);
    unmount();
  });
});

describe('useDealEvents and Q&A (docs/decisions.md decision 51)', () => {
  it('refreshes the Q&A list and the question’s page when a qna event arrives', async () => {
    const QUESTION = '55555555-5555-4555-8555-555555555555';
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const keys = {
      list: ['deals', 'detail', DEAL, 'qna', 'list', { status: 'all' }],
      question: ['deals', 'detail', DEAL, 'qna', 'question', QUESTION],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { loaded: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useDealEvents(DEAL, realtime()), { wrapper });
    await waitFor(() => expect(socket()?.joins()).toHaveLength(1));
    socket().broadcast(`deal:${DEAL}:user:${USER}`, 'qna', { deal_id: DEAL, type: 'qna', question_id: QUESTION });
    await waitFor(() => expect(queryClient.getQueryState(keys.list)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(keys.question)?.isInvalidated).toBe(true);
    expect(eventFromBroadcast(DEAL, { payload: { deal_id: DEAL, type: 'qna', question_id: QUESTION } })).toEqual({
      deal_id: DEAL,
      type: 'qna',
      question_id: QUESTION,
    });
    unmount();
  });
});
