import { isAbortError } from '../../../lib/api/client';
import { NameConflictError } from '../../../lib/file-upload';
import {
  initialUploadState,
  nextToStart,
  uploadReducer,
  type ConflictChoice,
  type UploadAction,
  type UploadItem,
  type UploadKind,
  type UploadState,
} from './machine';

export const UPLOAD_CONCURRENCY = 3;

/**
 * Sends one item; reports bytes sent and bytes storage confirmed (kept for Try Again); rejects with
 * NameConflictError on a taken name.
 */
export type Uploader = (
  item: UploadItem,
  context: { signal: AbortSignal; onProgress: (loaded: number) => void; onStored: (bytes: number) => void },
) => Promise<void | { savedAs?: string }>;

function messageOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const detail = (error as { detail?: unknown }).detail;
    if (typeof detail === 'string' && detail) return detail;
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return 'Upload failed';
}

/**
 * Runs a batch: at most three files at once; each failure is recorded and the next file starts.
 * Framework-free so the batch logic can be tested without a browser; React reads it through
 * useSyncExternalStore.
 */
export class UploadQueue {
  private state: UploadState = initialUploadState;
  private readonly listeners = new Set<() => void>();
  private readonly controllers = new Map<string, AbortController>();
  private pumping = false;
  private prepareController: AbortController | null = null;

  constructor(
    private readonly uploader: Uploader,
    private readonly concurrency = UPLOAD_CONCURRENCY,
  ) {}

  getState = (): UploadState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private dispatch(action: UploadAction): void {
    const next = uploadReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
    this.pump();
  }

  /**
   * Starts a batch. `prepare` (creating an imported folder tree) runs first, in the preparing phase; its
   * failures are ignored (docs/product.md §8: folder-creation errors during import are quiet).
   */
  async start(kind: UploadKind, items: UploadItem[], prepare?: (signal: AbortSignal) => Promise<void>): Promise<void> {
    this.dispatch({ type: 'begin', kind, items, preparing: Boolean(prepare) });
    if (!prepare) return;
    const controller = new AbortController();
    this.prepareController = controller;
    try {
      await prepare(controller.signal);
    } catch {
      /* quiet: the uploads say what did not work */
    } finally {
      this.prepareController = null;
    }
    if (!controller.signal.aborted) this.dispatch({ type: 'prepared' });
  }

  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (const item of nextToStart(this.state, this.concurrency)) {
        this.dispatch({ type: 'started', id: item.id });
        void this.run(this.state.items.find((i) => i.id === item.id) ?? item);
      }
    } finally {
      this.pumping = false;
    }
  }

  private async run(item: UploadItem): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    try {
      const result = await this.uploader(item, {
        signal: controller.signal,
        onProgress: (loaded) => this.dispatch({ type: 'progress', id: item.id, loaded }),
        onStored: (stored) => this.dispatch({ type: 'stored', id: item.id, stored }),
      });
      this.dispatch({ type: 'done', id: item.id, savedAs: result ? result.savedAs : undefined });
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) {
        // Cancelled: the cancel action already marked it.
      } else if (error instanceof NameConflictError) {
        this.dispatch({ type: 'conflict', id: item.id, error: messageOf(error), existingFileId: error.existingFileId });
      } else {
        this.dispatch({ type: 'failed', id: item.id, error: messageOf(error) });
      }
    } finally {
      this.controllers.delete(item.id);
    }
  }

  resolve(id: string, choice: ConflictChoice): void {
    this.dispatch({ type: 'resolve', id, choice });
  }

  resolveAll(choice: ConflictChoice): void {
    this.dispatch({ type: 'resolveAll', choice });
  }

  cancel(): void {
    this.dispatch({ type: 'cancel' });
    this.prepareController?.abort();
    for (const controller of this.controllers.values()) controller.abort();
  }

  /** Try Again: only the failed files go again. */
  retryFailed(): void {
    this.dispatch({ type: 'retryFailed' });
  }

  reset(): void {
    if (this.state.phase === 'uploading' || this.state.phase === 'preparing') return;
    this.dispatch({ type: 'reset' });
  }
}
