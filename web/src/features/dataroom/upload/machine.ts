/**
 * The upload/import overlay's state machine (docs/product.md §4): preparing → uploading → completed | failed
 * (or cancelled). Each file is an item; a failed item counts as failed and the batch goes on. A name
 * already taken in the target folder parks the item as a conflict until someone chooses: upload it as a
 * new version of the existing file, keep both (the server names it "x (2).ext"), or skip it.
 */

export type UploadKind = 'upload' | 'import';
export type Phase = 'idle' | 'preparing' | 'uploading' | 'completed' | 'failed' | 'cancelled';
export type ItemStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'conflict' | 'skipped' | 'cancelled';
export type ConflictChoice = 'version' | 'keep_both' | 'skip';

export interface UploadItem {
  id: string;
  file: File;
  /** The file's name as it is sent. */
  name: string;
  /** The data-room folder it goes to. */
  path: string;
  size: number;
  status: ItemStatus;
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes storage holds of its resumable upload: after a failure, Try Again goes on from there. */
  stored?: number;
  /** 'new' first; after a conflict, 'keep_both' or 'version' (of existingFileId). */
  mode: 'new' | 'keep_both' | 'version';
  existingFileId?: string;
  error?: string;
  /** The name the server gave it when it differs (keep both: "x (2).ext"). */
  savedAs?: string;
}

export interface UploadState {
  phase: Phase;
  kind: UploadKind;
  items: UploadItem[];
}

export type UploadAction =
  | { type: 'begin'; kind: UploadKind; items: UploadItem[]; preparing: boolean }
  | { type: 'prepared' }
  | { type: 'started'; id: string }
  | { type: 'progress'; id: string; loaded: number }
  | { type: 'stored'; id: string; stored: number }
  | { type: 'done'; id: string; savedAs?: string }
  | { type: 'failed'; id: string; error: string }
  | { type: 'conflict'; id: string; error: string; existingFileId?: string }
  | { type: 'resolve'; id: string; choice: ConflictChoice }
  | { type: 'resolveAll'; choice: ConflictChoice }
  | { type: 'cancel' }
  | { type: 'retryFailed' }
  | { type: 'reset' };

export const initialUploadState: UploadState = { phase: 'idle', kind: 'upload', items: [] };

let counter = 0;

export function makeItem(file: File, path: string): UploadItem {
  counter += 1;
  return {
    id: `u${counter}-${file.name}`,
    file,
    name: file.name,
    path,
    size: file.size,
    status: 'queued',
    loaded: 0,
    mode: 'new',
  };
}

const ACTIVE: ItemStatus[] = ['queued', 'uploading', 'conflict'];

/** Where a batch stands once nothing is queued, running or waiting for a choice. */
function settle(state: UploadState): UploadState {
  if (state.phase !== 'uploading') return state;
  if (state.items.some((item) => ACTIVE.includes(item.status))) return state;
  const phase = state.items.some((item) => item.status === 'failed') ? 'failed' : 'completed';
  return { ...state, phase };
}

function patch(state: UploadState, id: string, change: (item: UploadItem) => UploadItem): UploadState {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.id !== id) return item;
    const next = change(item);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? { ...state, items } : state;
}

function resolveItem(item: UploadItem, choice: ConflictChoice): UploadItem {
  if (item.status !== 'conflict') return item;
  if (choice === 'skip') return { ...item, status: 'skipped', loaded: 0 };
  if (choice === 'version' && !item.existingFileId) {
    return { ...item, status: 'failed', error: 'The existing file could not be found to add a version to.' };
  }
  return { ...item, status: 'queued', loaded: 0, stored: undefined, error: undefined, mode: choice };
}

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'begin':
      return settle({
        phase: action.preparing ? 'preparing' : 'uploading',
        kind: action.kind,
        items: action.items,
      });
    case 'prepared':
      return state.phase === 'preparing' ? settle({ ...state, phase: 'uploading' }) : state;
    case 'started':
      return patch(state, action.id, (item) =>
        item.status === 'queued' ? { ...item, status: 'uploading', loaded: 0, error: undefined } : item,
      );
    case 'progress':
      return patch(state, action.id, (item) =>
        item.status === 'uploading' ? { ...item, loaded: Math.max(0, Math.min(action.loaded, item.size)) } : item,
      );
    case 'stored':
      return patch(state, action.id, (item) =>
        item.status === 'uploading' ? { ...item, stored: Math.max(0, Math.min(action.stored, item.size)) } : item,
      );
    case 'done':
      return settle(
        patch(state, action.id, (item) =>
          item.status === 'uploading'
            ? {
                ...item,
                status: 'done',
                loaded: item.size,
                savedAs: action.savedAs && action.savedAs !== item.name ? action.savedAs : undefined,
              }
            : item,
        ),
      );
    case 'failed':
      return settle(
        patch(state, action.id, (item) =>
          item.status === 'uploading' ? { ...item, status: 'failed', error: action.error } : item,
        ),
      );
    case 'conflict':
      return settle(
        patch(state, action.id, (item) =>
          item.status === 'uploading'
            ? { ...item, status: 'conflict', loaded: 0, error: action.error, existingFileId: action.existingFileId }
            : item,
        ),
      );
    case 'resolve':
      return settle(patch(state, action.id, (item) => resolveItem(item, action.choice)));
    case 'resolveAll':
      return settle({ ...state, items: state.items.map((item) => resolveItem(item, action.choice)) });
    case 'cancel': {
      if (state.phase !== 'uploading' && state.phase !== 'preparing') return state;
      const items = state.items.map((item) => (ACTIVE.includes(item.status) ? { ...item, status: 'cancelled' as const } : item));
      return { ...state, phase: 'cancelled', items };
    }
    case 'retryFailed': {
      if (state.phase !== 'failed') return state;
      const items = state.items.map((item) =>
        item.status === 'failed' ? { ...item, status: 'queued' as const, loaded: 0, error: undefined } : item,
      );
      return settle({ ...state, phase: 'uploading', items });
    }
    case 'reset':
      return initialUploadState;
    default:
      return state;
  }
}

export interface UploadTotals {
  files: number;
  done: number;
  failed: number;
  skipped: number;
  cancelled: number;
  conflicts: number;
  uploading: number;
  bytes: number;
  bytesDone: number;
}

/** Files done / total and bytes done / total (skipped and cancelled files leave the totals). */
export function totals(state: UploadState): UploadTotals {
  const t: UploadTotals = {
    files: 0,
    done: 0,
    failed: 0,
    skipped: 0,
    cancelled: 0,
    conflicts: 0,
    uploading: 0,
    bytes: 0,
    bytesDone: 0,
  };
  for (const item of state.items) {
    if (item.status === 'skipped') {
      t.skipped++;
      continue;
    }
    if (item.status === 'cancelled') t.cancelled++;
    t.files++;
    t.bytes += item.size;
    // A failed file counts what storage kept of it: Try Again sends only the rest.
    t.bytesDone +=
      item.status === 'done'
        ? item.size
        : item.status === 'uploading'
          ? item.loaded
          : item.status === 'failed'
            ? (item.stored ?? 0)
            : 0;
    if (item.status === 'done') t.done++;
    else if (item.status === 'failed') t.failed++;
    else if (item.status === 'conflict') t.conflicts++;
    else if (item.status === 'uploading') t.uploading++;
  }
  return t;
}

/** Items to start now so that at most `concurrency` run at once. */
export function nextToStart(state: UploadState, concurrency: number): UploadItem[] {
  if (state.phase !== 'uploading') return [];
  let running = 0;
  for (const item of state.items) if (item.status === 'uploading') running++;
  const free = concurrency - running;
  if (free <= 0) return [];
  const next: UploadItem[] = [];
  for (const item of state.items) {
    if (next.length >= free) break;
    if (item.status === 'queued') next.push(item);
  }
  return next;
}

export const isBusy = (phase: Phase) => phase === 'preparing' || phase === 'uploading';
