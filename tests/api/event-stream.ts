// The reader's side of GET /deals/{id}/events (docs/architecture.md "Live status"): a stream opened as
// one person, its events collected as they arrive.
import { expect } from 'vitest';
import { app, type TestUser } from './helpers.ts';

/** Opens the reader's event stream and collects its events until `close`. */
export async function openStream(base: string, user: TestUser) {
  const res = await app.request(`${base}/events`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const seen: { event: string; data: any }[] = [];
  let buffer = '';
  const pump = (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) seen.push({ event, data: JSON.parse(data) });
      }
    }
  })();
  const until = async (test: () => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!test() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    return test();
  };
  expect(await until(() => seen.some((e) => e.event === 'ready'))).toBe(true);
  return {
    seen,
    until,
    close: async () => {
      await reader.cancel();
      await pump;
    },
  };
}

export type EventStream = Awaited<ReturnType<typeof openStream>>;

/** Opens a stream for each person (in order), runs `work` with them, and closes every one opened, pass or fail. */
export async function withStreams<K extends string, T>(
  base: string,
  people: Record<K, TestUser>,
  work: (streams: Record<K, EventStream>) => Promise<T>,
): Promise<T> {
  const streams = {} as Record<K, EventStream>;
  try {
    for (const [key, user] of Object.entries(people) as [K, TestUser][]) streams[key] = await openStream(base, user);
    return await work(streams);
  } finally {
    for (const stream of Object.values<EventStream>(streams)) await stream.close();
  }
}
