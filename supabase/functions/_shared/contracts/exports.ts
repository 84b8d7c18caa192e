/** ZIP exports of files and folders (docs/decisions.md decision 48). */
import { z } from 'zod';

/** What to export: files and folders (a folder with everything below it). */
export const exportBody = z
  .object({
    file_ids: z.array(z.string().uuid('file_ids must be file ids')).max(10_000).default([]),
    folder_ids: z.array(z.string().uuid('folder_ids must be folder ids')).max(1_000).default([]),
  })
  .strict();
export type ExportRequest = z.input<typeof exportBody>;

/** A file the caller sees but may not download: left out of the ZIP, listed here and in its manifest. */
export interface RefusedFile {
  file_id: string;
  path: string;
  reason: string;
}

/** A name changed in the archive because Windows or macOS would refuse it (or it was taken twice after that). */
export interface RenamedEntry {
  original_path: string;
  archive_path: string;
}

export type ExportStatus = 'queued' | 'running' | 'ready' | 'failed';

/** The answer of POST /deals/{dealId}/exports. */
export interface ExportStarted {
  export_id: string;
  /** `direct`: download_url streams the ZIP now; `job`: the server prepares it, then mails a link. */
  mode: 'direct' | 'job';
  download_url: string | null;
  file_count: number;
  total_bytes: number;
  refused: RefusedFile[];
  renamed: RenamedEntry[];
  /** Seconds the download_url works (direct), or until the prepared ZIP is removed (job). */
  expires_in: number;
}

/** The answer of GET /deals/{dealId}/exports/{id}. */
export interface ExportState {
  export_id: string;
  mode: 'direct' | 'job';
  status: ExportStatus;
  file_count: number;
  total_bytes: number;
  refused: RefusedFile[];
  /** A job's ZIP once ready, until `expires_at`; null otherwise. */
  download_url: string | null;
  created_at: string;
  expires_at: string;
  error: string | null;
}
