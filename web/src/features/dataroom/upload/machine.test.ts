import { describe, expect, it } from 'vitest';
import { NameConflictError } from '../../../lib/file-upload';
import { initialUploadState, makeItem, nextToStart, totals, uploadReducer, type UploadState } from './machine';
import { UploadQueue, type Uploader } from './queue';

const file = (name: string, size = 100) => new File([new Uint8Array(size)], name);

function begin(names: string[], preparing = false): UploadState {
  return uploadReducer(initialUploadState, {
    type: 'begin',
    kind: 'upload',
    items: names.map((name) => makeItem(file(name), '/')),
    preparing,
  });
}

describe('upload state machine', () => {
  it('goes preparing → uploading → completed', () => {
    let state = begin(['a.pdf'], true);
    expect(state.phase).toBe('preparing');
    expect(nextToStart(state, 3)).toEqual([]);
    state = uploadReducer(state, { type: 'prepared' });
    expect(state.phase).toBe('uploading');
    const [item] = state.items;
    state = uploadReducer(state, { type: 'started', id: item.id });
    state = uploadReducer(state, { type: 'progress', id: item.id, loaded: 40 });
    expect(totals(state)).toMatchObject({ files: 1, done: 0, bytes: 100, bytesDone: 40 });
    state = uploadReducer(state, { type: 'done', id: item.id });
    expect(state.phase).toBe('completed');
    expect(totals(state)).toMatchObject({ done: 1, bytesDone: 100 });
  });

  it('counts a failed file as failed and keeps going; the batch ends failed', () => {
    let state = begin(['a.pdf', 'b.pdf']);
    const [a, b] = state.items;
    state = uploadReducer(state, { type: 'started', id: a.id });
    state = uploadReducer(state, { type: 'started', id: b.id });
    state = uploadReducer(state, { type: 'failed', id: a.id, error: 'Too large' });
    expect(state.phase).toBe('uploading');
    state = uploadReducer(state, { type: 'done', id: b.id });
    expect(state.phase).toBe('failed');
    expect(totals(state)).toMatchObject({ files: 2, done: 1, failed: 1 });
  });

  it('Try Again queues only the failed files', () => {
    let state = begin(['a.pdf', 'b.pdf']);
    const [a, b] = state.items;
    state = uploadReducer(state, { type: 'started', id: a.id });
    state = uploadReducer(state, { type: 'started', id: b.id });
    state = uploadReducer(state, { type: 'failed', id: a.id, error: 'boom' });
    state = uploadReducer(state, { type: 'done', id: b.id });
    state = uploadReducer(state, { type: 'retryFailed' });
    expect(state.phase).toBe('uploading');
    expect(state.items.map((i) => i.status)).toEqual(['queued', 'done']);
    expect(nextToStart(state, 3).map((i) => i.id)).toEqual([a.id]);
  });

  it('keeps what storage holds of a failed file, counts it as done bytes and keeps it for Try Again', () => {
    let state = begin(['a.pdf']);
    const [a] = state.items;
    state = uploadReducer(state, { type: 'started', id: a.id });
    state = uploadReducer(state, { type: 'progress', id: a.id, loaded: 90 });
    state = uploadReducer(state, { type: 'stored', id: a.id, stored: 60 });
    state = uploadReducer(state, { type: 'failed', id: a.id, error: 'Network connection failed' });
    expect(state.items[0].stored).toBe(60);
    expect(totals(state)).toMatchObject({ failed: 1, bytesDone: 60 });
    state = uploadReducer(state, { type: 'retryFailed' });
    expect(state.items[0]).toMatchObject({ status: 'queued', stored: 60 });
    // Only while uploading: a late report after the failure changes nothing.
    state = uploadReducer(state, { type: 'stored', id: a.id, stored: 80 });
    expect(state.items[0].stored).toBe(60);
  });

  it('waits for a choice on a conflict: new version, keep both or skip', () => {
    let state = begin(['a.pdf', 'b.pdf', 'c.pdf']);
    const [a, b, c] = state.items;
    for (const item of state.items) state = uploadReducer(state, { type: 'started', id: item.id });
    state = uploadReducer(state, { type: 'conflict', id: a.id, error: 'taken', existingFileId: 'f1' });
    state = uploadReducer(state, { type: 'conflict', id: b.id, error: 'taken', existingFileId: 'f2' });
    state = uploadReducer(state, { type: 'conflict', id: c.id, error: 'taken' });
    expect(state.phase).toBe('uploading');
    expect(totals(state).conflicts).toBe(3);

    state = uploadReducer(state, { type: 'resolve', id: a.id, choice: 'version' });
    state = uploadReducer(state, { type: 'resolve', id: b.id, choice: 'keep_both' });
    state = uploadReducer(state, { type: 'resolve', id: c.id, choice: 'skip' });
    expect(state.items.map((i) => [i.status, i.mode])).toEqual([
      ['queued', 'version'],
      ['queued', 'keep_both'],
      ['skipped', 'new'],
    ]);
    expect(state.items[0].existingFileId).toBe('f1');
    expect(totals(state)).toMatchObject({ files: 2, skipped: 1 });
  });

  it('resolves every conflict at once', () => {
    let state = begin(['a.pdf', 'b.pdf']);
    for (const item of state.items) {
      state = uploadReducer(state, { type: 'started', id: item.id });
      state = uploadReducer(state, { type: 'conflict', id: item.id, error: 'taken', existingFileId: 'x' });
    }
    state = uploadReducer(state, { type: 'resolveAll', choice: 'skip' });
    expect(state.phase).toBe('completed');
    expect(totals(state)).toMatchObject({ files: 0, skipped: 2 });
  });

  it('cancels what has not finished', () => {
    let state = begin(['a.pdf', 'b.pdf', 'c.pdf']);
    const [a, b] = state.items;
    state = uploadReducer(state, { type: 'started', id: a.id });
    state = uploadReducer(state, { type: 'done', id: a.id });
    state = uploadReducer(state, { type: 'started', id: b.id });
    state = uploadReducer(state, { type: 'cancel' });
    expect(state.phase).toBe('cancelled');
    expect(state.items.map((i) => i.status)).toEqual(['done', 'cancelled', 'cancelled']);
    // A late answer for a cancelled file changes nothing.
    expect(uploadReducer(state, { type: 'done', id: b.id })).toBe(state);
  });

  it('starts at most three at once', () => {
    let state = begin(['1', '2', '3', '4', '5']);
    const first = nextToStart(state, 3);
    expect(first).toHaveLength(3);
    for (const item of first) state = uploadReducer(state, { type: 'started', id: item.id });
    expect(nextToStart(state, 3)).toEqual([]);
    state = uploadReducer(state, { type: 'done', id: first[0].id });
    expect(nextToStart(state, 3).map((i) => i.name)).toEqual(['4']);
  });
});

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('UploadQueue', () => {
  it('runs three files at a time; a failure does not stop the batch', async () => {
    const pending = new Map<string, ReturnType<typeof deferred>>();
    let running = 0;
    let peak = 0;
    const uploader: Uploader = async (item) => {
      running++;
      peak = Math.max(peak, running);
      const d = deferred();
      pending.set(item.name, d);
      try {
        await d.promise;
      } finally {
        running--;
      }
    };
    const queue = new UploadQueue(uploader);
    const names = ['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf'];
    void queue.start(
      'upload',
      names.map((name) => makeItem(file(name), '/')),
    );
    await flush();
    expect([...pending.keys()]).toEqual(['1.pdf', '2.pdf', '3.pdf']);

    pending.get('2.pdf')!.reject(new Error('The stored file is 0 bytes'));
    await flush();
    expect([...pending.keys()]).toContain('4.pdf');
    for (const name of ['1.pdf', '3.pdf', '4.pdf']) pending.get(name)!.resolve();
    await flush();
    pending.get('5.pdf')!.resolve();
    await flush();

    const state = queue.getState();
    expect(peak).toBe(3);
    expect(state.phase).toBe('failed');
    expect(state.items.map((i) => i.status)).toEqual(['done', 'failed', 'done', 'done', 'done']);
    expect(state.items[1].error).toBe('The stored file is 0 bytes');

    // Try Again sends only the failed one.
    const retried: string[] = [];
    pending.clear();
    const again = new UploadQueue(async (item) => {
      retried.push(item.name);
    });
    void again.start(
      'upload',
      state.items.map((i) => ({ ...i })),
    );
    await flush();
    expect(retried).toEqual([]);
    again.retryFailed();
    await flush();
    expect(retried).toEqual(['2.pdf']);
    expect(again.getState().phase).toBe('completed');
  });

  it('parks a 409 as a conflict with the existing id, then uploads the choice', async () => {
    const calls: Array<[string, string]> = [];
    const uploader: Uploader = async (item) => {
      calls.push([item.name, item.mode]);
      if (item.mode === 'new') throw new NameConflictError('A file named "a.pdf" already exists in this folder', 'f-existing');
      return item.mode === 'keep_both' ? { savedAs: 'a (2).pdf' } : undefined;
    };
    const queue = new UploadQueue(uploader);
    void queue.start('upload', [makeItem(file('a.pdf'), '/')]);
    await flush();
    let state = queue.getState();
    expect(state.items[0]).toMatchObject({ status: 'conflict', existingFileId: 'f-existing' });
    expect(state.phase).toBe('uploading');

    queue.resolve(state.items[0].id, 'keep_both');
    await flush();
    state = queue.getState();
    expect(calls).toEqual([
      ['a.pdf', 'new'],
      ['a.pdf', 'keep_both'],
    ]);
    expect(state.phase).toBe('completed');
    expect(state.items[0].savedAs).toBe('a (2).pdf');
  });

  it('creates folders first, ignoring their errors', async () => {
    const order: string[] = [];
    const queue = new UploadQueue(async (item) => {
      order.push(`upload ${item.name}`);
    });
    await queue.start('import', [makeItem(file('a.pdf'), '/X')], async () => {
      order.push('prepare');
      throw new Error('409 folder exists');
    });
    await flush();
    expect(order).toEqual(['prepare', 'upload a.pdf']);
    expect(queue.getState().phase).toBe('completed');
  });

  it('cancel aborts the files in flight', async () => {
    const signals: AbortSignal[] = [];
    const queue = new UploadQueue(
      (_item, { signal }) =>
        new Promise((_resolve, reject) => {
          signals.push(signal);
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    void queue.start(
      'upload',
      ['a', 'b', 'c', 'd'].map((n) => makeItem(file(n), '/')),
    );
    await flush();
    expect(signals).toHaveLength(3);
    queue.cancel();
    await flush();
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(queue.getState().phase).toBe('cancelled');
    expect(queue.getState().items.every((i) => i.status === 'cancelled')).toBe(true);
  });
});
