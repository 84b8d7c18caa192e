/**
 * A stand-in for tus-js-client's Upload in unit tests (`vi.mock('tus-js-client', () => import(…))`):
 * records each upload's options and the headers set before its requests, names the upload (its URL),
 * reports half of the file sent and confirmed (one chunk) then all of it, and ends as the next of `fakeTus.outcomes` says (then `outcome`).
 * The real client against the real endpoint is tested in tests/api/dataroom-resumable.test.ts and the
 * E2E uploads.
 */
import type { ResumableUpload } from '@contracts/dataroom';

/** A resumable target as the API answers it, with `over` changed. */
export const resumableGrant = (over: Partial<ResumableUpload> = {}): ResumableUpload => ({
  endpoint: '/storage/v1/upload/resumable',
  headers: { 'x-signature': 'sig' },
  with_access_token: false,
  metadata: { contentType: 'application/pdf' },
  chunk_size: 6 * 1024 * 1024,
  expires_at: '2026-11-27T00:00:00Z',
  ...over,
});

interface Outcome {
  status: number;
  body?: string;
  /** Never finishes: the test cancels it. */
  hold?: boolean;
}

export const fakeTus = {
  uploads: [] as { file: Blob; options: Record<string, any>; headers: Record<string, string>; aborted?: boolean }[],
  outcome: { status: 204 } as Outcome,
  /** Outcomes for the next uploads, in order, before `outcome` applies. */
  outcomes: [] as Outcome[],
  reset() {
    this.uploads = [];
    this.outcome = { status: 204 };
    this.outcomes = [];
  },
};

export class Upload {
  private readonly record: (typeof fakeTus.uploads)[number];
  url: string | null = null;

  constructor(
    readonly file: Blob,
    readonly options: Record<string, any>,
  ) {
    this.record = { file, options, headers: {} };
    fakeTus.uploads.push(this.record);
  }

  start(): void {
    void (async () => {
      await this.options.onBeforeRequest?.({ setHeader: (name: string, value: string) => (this.record.headers[name] = value) });
      const outcome = fakeTus.outcomes.shift() ?? fakeTus.outcome;
      if (this.record.aborted || outcome.hold) return;
      this.url = this.options.uploadUrl ?? `https://storage.test/upload/${fakeTus.uploads.indexOf(this.record) + 1}`;
      this.options.onUploadUrlAvailable?.();
      const half = Math.floor(this.file.size / 2);
      this.options.onProgress?.(half, this.file.size);
      this.options.onChunkComplete?.(half, half, this.file.size);
      const { status, body } = outcome;
      if (status >= 200 && status < 300) {
        this.options.onProgress?.(this.file.size, this.file.size);
        this.options.onSuccess?.({});
      } else {
        this.options.onError?.(
          Object.assign(new Error(`tus: unexpected response ${status}`), {
            originalResponse: status ? { getStatus: () => status, getBody: () => body ?? '' } : null,
          }),
        );
      }
    })();
  }

  async abort(): Promise<void> {
    this.record.aborted = true;
  }
}
